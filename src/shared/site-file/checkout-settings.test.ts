import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCheckoutSettings } from '../checkout/settings.ts';
import { websiteRecord } from './records.ts';

const website = { id: 'site', title: 'Site' };

describe('checkout settings in the site file', () => {
  it('accepts coupons, shipping rates and tax rules in website.settings', () => {
    const parsed = websiteRecord.parse({
      ...website,
      settings: {
        coupons: [{ code: 'SAVE5', type: 'FIXED', amountCents: 500 }],
        shippingRates: [{ id: 'std', name: 'Standard', amountCents: 800 }],
        taxRules: [{ id: 'ny', name: 'NY', country: 'US', region: 'NY', rateBasisPoints: 400 }],
        somethingElse: { kept: true },
      },
    });
    expect(parsed.settings.taxRules?.[0]?.appliesToShipping).toBe(false);
    expect(parsed.settings.somethingElse).toEqual({ kept: true });
  });

  it('names the bad record and field', () => {
    const result = websiteRecord.safeParse({
      ...website,
      settings: {
        coupons: [{ code: 'HALF', type: 'PERCENTAGE', percent: 150 }],
        shippingRates: [{ id: 'std', name: 'Standard', amountCents: -1 }],
        taxRules: [{ id: 'x', name: 'X', country: 'USA', rateBasisPoints: 1 }],
      },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(
      expect.arrayContaining([
        'settings.coupons.0.percent',
        'settings.shippingRates.0.amountCents',
        'settings.taxRules.0.country',
      ]),
    );
  });

  it('the demo store has two shipping rates, a tax rule and a coupon', () => {
    const demo = JSON.parse(
      readFileSync(new URL('../../../demo/site.json', import.meta.url), 'utf8'),
    ) as {
      website: { settings: unknown };
    };
    const read = readCheckoutSettings(demo.website.settings);
    if (!read.ok) throw read.error;
    expect(read.settings.shippingRates).toHaveLength(2);
    expect(read.settings.taxRules).toHaveLength(1);
    expect(read.settings.coupons).toHaveLength(1);
  });
});
