import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSiteFile } from '../site-file/file.ts';
import { reviewsEnabled } from './gate.ts';

const demo = JSON.parse(
  readFileSync(new URL('../../../demo/site.json', import.meta.url), 'utf8'),
) as {
  website: { settings: Record<string, unknown> };
};

function withSettings(settings: Record<string, unknown>) {
  return { ...demo, website: { ...demo.website, settings } };
}

describe('the reviews settings in the site file', () => {
  it('turns reviews on in the demo (marketplace import + productReviewsEnabled)', () => {
    const parsed = parseSiteFile(demo);
    expect(parsed.success).toBe(true);
    if (parsed.success) expect(reviewsEnabled(parsed.data.website.settings)).toBe(true);
  });

  it('refuses flags that are not booleans, naming the setting', () => {
    const parsed = parseSiteFile(withSettings({ featureFlags: { reviewsTest: 'yes' } }));
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(parsed.errors.join('\n')).toContain('website.settings.featureFlags.reviewsTest');
    const store = parseSiteFile(withSettings({ storeSettings: { productReviewsEnabled: 1 } }));
    expect(store.success).toBe(false);
  });

  it('keeps other settings and other flags as given', () => {
    const parsed = parseSiteFile(
      withSettings({
        featureFlags: { reviewsTest: true, somethingElse: 'x' },
        anything: { nested: [1] },
      }),
    );
    expect(parsed.success).toBe(true);
    if (parsed.success) {
      expect(parsed.data.website.settings).toMatchObject({
        featureFlags: { reviewsTest: true, somethingElse: 'x' },
        anything: { nested: [1] },
      });
    }
  });
});
