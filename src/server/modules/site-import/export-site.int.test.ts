import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demo from '../../../../demo/site.json' with { type: 'json' };
import {
  parseSiteFile,
  type SiteFile,
  type SiteFileInput,
} from '../../../shared/site-file/index.ts';
import { createTestDatabase } from '../../../../test/helpers/db.ts';
import { withDesignPreset } from '../../../shared/gallery/index.ts';
import type { Database } from '../../db/index.ts';
import { exportSite, importSite } from './index.ts';

/** The file as validated, with review dates in the form the database gives them back. */
function parsed(input: unknown): SiteFile {
  const result = parseSiteFile(input);
  if (!result.success) throw new Error(result.errors.join('\n'));
  const file = result.data;
  const iso = (date: string) => new Date(date).toISOString();
  for (const review of file.reviews) review.reviewDate = iso(review.reviewDate);
  for (const record of [...file.collections, ...file.pages, ...file.products, ...file.posts])
    if (record.publishOn !== undefined) record.publishOn = iso(record.publishOn);
  for (const event of file.events) {
    Object.assign(event, { startDate: iso(event.startDate), endDate: iso(event.endDate) });
    if (event.publishOn !== undefined) event.publishOn = iso(event.publishOn);
  }
  // A gallery block is stored with its design's preset filling the switches it leaves out.
  for (const page of file.pages)
    page.blocks = page.blocks.map((block) =>
      block.type === 'gallery' ? { ...block, options: withDesignPreset(block.options) } : block,
    );
  // A clear password is stored (and exported) only as its scrypt hash.
  for (const record of [...file.collections, ...file.pages]) {
    if (record.password === undefined) continue;
    delete record.password;
    record.passwordHash = expect.stringMatching(/^scrypt\$/) as string;
  }
  return file;
}

/** The demo plus every optional field the format has, so the round trip covers them all. */
function richFile(): SiteFileInput {
  const file = structuredClone(demo) as SiteFileInput;
  file.website.settings = { storeSettings: { productReviewsEnabled: true }, captchaSettings: {} };
  const notebook = file.products?.[1];
  if (!notebook) throw new Error('the demo has a notebook');
  Object.assign(notebook, {
    status: 'scheduled',
    publishOn: '2030-01-01T00:00:00.000Z',
    isSubscribable: true,
    subscriptionPlan: { billingPeriod: { value: 3, unit: 'MONTH' }, numBillingCycles: 4 },
    additionalFieldsFormId: 'contact-form',
    useCustomAddButtonText: true,
    customAddButtonText: 'Subscribe to refills',
  });
  file.collections?.push({
    id: 'archive',
    title: 'Archive',
    fullUrl: '/archive',
    status: 'private',
  });
  file.reviews?.push({
    id: 'review-with-image',
    productId: 'field-notebook',
    userName: 'Ines',
    reviewDate: '2026-09-01T12:00:00.000Z',
    starRating: 3,
    reviewText: 'Good paper.',
    imageUrl: '/assets/reviews/ines.jpg',
  });
  return file;
}

describe('exportSite', () => {
  let database: Database;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ database, cleanup } = await createTestDatabase());
  });
  afterAll(() => cleanup());

  it('says so when there is nothing to export', async () => {
    await expect(exportSite(database)).rejects.toThrow('The database holds no site.');
  });

  it('gives back the demo as imported', async () => {
    await importSite(database, demo);
    const exported = await exportSite(database);
    expect(exported).toEqual(parsed(demo));
    expect(parseSiteFile(exported).success).toBe(true);
  });

  it('round-trips every optional field', async () => {
    const file = richFile();
    await importSite(database, file);
    const exported = await exportSite(database, 'vitrine-demo');
    const expected = parsed(file);
    // Reviews come out in date order, whatever their order in the file.
    expected.reviews.sort((a, b) => a.reviewDate.localeCompare(b.reviewDate));
    expect(exported).toEqual(expected);
    // Importing the export changes nothing.
    await importSite(database, exported);
    expect(await exportSite(database)).toEqual(exported);
  });

  it('names an unknown site', async () => {
    await expect(exportSite(database, 'nope')).rejects.toThrow('No site "nope" in the database.');
  });
});
