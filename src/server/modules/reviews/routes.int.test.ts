import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { readSiteFile, DEMO_SITE_FILE } from '../../main.ts';
import { schema } from '../../db/index.ts';
import { importSite } from '../site-import/index.ts';

const { reviews, sites, products } = schema;
const SITE = 'vitrine-demo';
const DEMO_SETTINGS = {
  featureFlags: { marketplaceImport: true },
  storeSettings: { productReviewsEnabled: true },
};

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

async function setSettings(settings: Record<string, unknown>): Promise<void> {
  await harness.database.db
    .update(sites)
    .set({
      settings: { currency: 'USD', timeZone: 'America/New_York', language: 'en-US', ...settings },
    })
    .where(eq(sites.id, SITE));
}

/** The demo's first two reviews (both of the linen shirt): what every test starts from. */
const BASELINE_REVIEW_IDS = ['review-linen-1', 'review-linen-2'];

async function resetReviews(): Promise<void> {
  const { db } = harness.database;
  await db.delete(reviews).where(eq(reviews.siteId, SITE));
  const file = (await readSiteFile(DEMO_SITE_FILE)) as {
    reviews: {
      id: string;
      productId: string;
      userName: string;
      reviewDate: string;
      starRating: number;
      reviewText: string;
    }[];
  };
  const baseline = file.reviews.filter((review) => BASELINE_REVIEW_IDS.includes(review.id));
  await db.insert(reviews).values(
    baseline.map((review) => ({
      ...review,
      siteId: SITE,
      reviewDate: new Date(review.reviewDate),
    })),
  );
}

async function addReviews(
  count: number,
  productId: string,
  start = Date.UTC(2025, 0, 1),
): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `r-${productId}-${i}`,
    siteId: SITE,
    productId,
    userName: `Buyer ${i}`,
    reviewDate: new Date(start + i * 60_000),
    starRating: (i % 5) + 1,
    reviewText: `Review ${i}`,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await harness.database.db.insert(reviews).values(rows.slice(i, i + 500));
}

function get(url: string) {
  return harness.app.inject({ method: 'GET', url });
}

beforeEach(async () => {
  await setSettings(DEMO_SETTINGS);
  await resetReviews();
});

describe('GET /api/commerce/product/reviews', () => {
  it("answers a product's reviews newest first in the spec shape, nextPage null", async () => {
    const response = await get('/api/commerce/product/reviews?productId=linen-shirt');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        productReviews: [
          {
            userName: 'Daniel K.',
            reviewDate: '2026-08-02T09:45:00.000Z',
            starRating: 4,
            reviewText: expect.stringMatching(/^Great shirt and a lovely indigo\./) as unknown,
            productName: 'Linen Shirt',
            productId: 'linen-shirt',
          },
          {
            userName: 'Maya R.',
            reviewDate: '2026-06-14T16:20:00.000Z',
            starRating: 5,
            reviewText: expect.stringMatching(/^The nicest linen I own\./) as unknown,
            productName: 'Linen Shirt',
            productId: 'linen-shirt',
          },
        ],
        nextPage: null,
      },
    });
  });

  it('pages by 10 from page 0 by default and says which page is next', async () => {
    await addReviews(23, 'linen-shirt');
    const first = (await get('/api/commerce/product/reviews?productId=linen-shirt')).json<{
      data: { productReviews: { reviewDate: string; userName: string }[]; nextPage: number | null };
    }>();
    expect(first.data.productReviews).toHaveLength(10);
    expect(first.data.nextPage).toBe(1);
    const dates = first.data.productReviews.map((r) => r.reviewDate);
    expect([...dates].sort().reverse()).toEqual(dates);

    const second = (await get('/api/commerce/product/reviews?productId=linen-shirt&page=1')).json<
      typeof first
    >();
    expect(second.data.productReviews).toHaveLength(10);
    expect(second.data.nextPage).toBe(2);
    const third = (await get('/api/commerce/product/reviews?productId=linen-shirt&page=2')).json<
      typeof first
    >();
    expect(third.data.productReviews).toHaveLength(5);
    expect(third.data.nextPage).toBeNull();
    const all = [first, second, third].flatMap((page) =>
      page.data.productReviews.map((r) => r.userName),
    );
    expect(new Set(all).size).toBe(25);

    const beyond = (await get('/api/commerce/product/reviews?productId=linen-shirt&page=9')).json<
      typeof first
    >();
    expect(beyond.data).toEqual({ productReviews: [], nextPage: null });

    const big = (await get('/api/commerce/product/reviews?productId=linen-shirt&size=100')).json<
      typeof first
    >();
    expect(big.data.productReviews).toHaveLength(25);
    expect(big.data.nextPage).toBeNull();
  });

  it("lists all the store's reviews without productId, with each review's product", async () => {
    await addReviews(3, 'field-notebook');
    const body = (await get('/api/commerce/product/reviews')).json<{
      data: { productReviews: { productId: string; productName: string }[] };
    }>();
    expect(body.data.productReviews).toHaveLength(5);
    expect(body.data.productReviews.filter((r) => r.productId === 'field-notebook')).toHaveLength(
      3,
    );
    const notebook = body.data.productReviews.find((r) => r.productId === 'field-notebook');
    expect(notebook?.productName).toBe('Field Notebook');
    const onlyNotebook = (await get('/api/commerce/product/reviews?productId=field-notebook')).json<
      typeof body
    >();
    expect(onlyNotebook.data.productReviews.every((r) => r.productId === 'field-notebook')).toBe(
      true,
    );
  });

  it('never returns markup from a hostile review, nor a script URL as its image', async () => {
    await harness.database.db.insert(reviews).values({
      id: 'hostile',
      siteId: SITE,
      productId: 'linen-shirt',
      userName: '<b onclick="steal()">Eve</b>',
      reviewDate: new Date('2026-10-01T00:00:00Z'),
      starRating: 1,
      reviewText:
        '<script>alert(document.cookie)</script>Awful<img src=x onerror="alert(1)"> <<b>script>x<</b>/script> 5 < 6',
      imageUrl: 'javascript:alert(1)',
    });
    const response = await get('/api/commerce/product/reviews?productId=linen-shirt');
    const [hostile] = response.json<{ data: { productReviews: Record<string, unknown>[] } }>().data
      .productReviews;
    expect(hostile).toEqual({
      userName: 'Eve',
      reviewDate: '2026-10-01T00:00:00.000Z',
      starRating: 1,
      reviewText: expect.not.stringMatching(/<[A-Za-z/!?]/) as unknown,
      productName: 'Linen Shirt',
      productId: 'linen-shirt',
    });
    expect(String(hostile?.reviewText)).toContain('Awful');
    expect(String(hostile?.reviewText)).toContain('5 < 6');
    expect(response.body).not.toMatch(/<script|<img|onerror|javascript:/i);
  });

  it('keeps a safe image URL', async () => {
    await harness.database.db.insert(reviews).values({
      id: 'with-image',
      siteId: SITE,
      productId: 'linen-shirt',
      userName: 'Ines',
      reviewDate: new Date('2026-10-02T00:00:00Z'),
      starRating: 5,
      reviewText: 'Lovely.',
      imageUrl: '/assets/reviews/ines.jpg',
    });
    const body = (await get('/api/commerce/product/reviews?productId=linen-shirt&size=1')).json<{
      data: { productReviews: { imageUrl?: string }[]; nextPage: number | null };
    }>();
    expect(body.data.productReviews[0]?.imageUrl).toBe('/assets/reviews/ines.jpg');
    expect(body.data.nextPage).toBe(1);
  });

  it('strips markup from a review given in a site file on import', async () => {
    const file = (await readSiteFile(DEMO_SITE_FILE)) as { reviews: Record<string, unknown>[] };
    file.reviews = file.reviews.filter((review) => review.productId !== 'field-notebook');
    file.reviews.push({
      id: 'imported-hostile',
      productId: 'field-notebook',
      userName: 'Mallory',
      reviewDate: '2026-11-01T00:00:00Z',
      starRating: 2,
      reviewText: '<iframe src="https://evil.example"></iframe>Thin <em>paper</em>.',
    });
    await importSite(harness.database, file);
    const body = (await get('/api/commerce/product/reviews?productId=field-notebook')).json<{
      data: { productReviews: { reviewText: string }[] };
    }>();
    expect(body.data.productReviews.map((r) => r.reviewText)).toEqual(['Thin paper.']);
  });

  it('hides the reviews of an unpublished product', async () => {
    await addReviews(2, 'field-notebook');
    await harness.database.db
      .update(products)
      .set({ status: 'draft' })
      .where(eq(products.id, 'field-notebook'));
    try {
      const body = (await get('/api/commerce/product/reviews')).json<{
        data: { productReviews: { productId: string }[] };
      }>();
      expect(body.data.productReviews.map((r) => r.productId)).toEqual([
        'linen-shirt',
        'linen-shirt',
      ]);
      const response = await get('/api/commerce/product/reviews?productId=field-notebook');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'ITEM_NOT_FOUND' } });
    } finally {
      await harness.database.db
        .update(products)
        .set({ status: 'published' })
        .where(eq(products.id, 'field-notebook'));
    }
  });

  it.each([
    ['size=0', 'size'],
    ['size=101', 'size'],
    ['size=-5', 'size'],
    ['size=2.5', 'size'],
    ['size=ten', 'size'],
    ['page=-1', 'page'],
    ['page=1e2', 'page'],
    ['page=', 'page'],
    ['productId=%3Cscript%3E', 'productId'],
  ])('answers 400 for %s, naming the bad parameter', async (query, field) => {
    const response = await get(`/api/commerce/product/reviews?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'One or more fields is invalid, please check your entries.',
        fields: { [field]: expect.any(String) as unknown },
      },
    });
  });

  it('answers 404 for a product the store does not have', async () => {
    const response = await get('/api/commerce/product/reviews?productId=no-such-product');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'ITEM_NOT_FOUND', message: 'Sorry, that item could not be found.' },
    });
  });
});

describe('GET /api/vitrine/reviews/summary', () => {
  it("summarises a product's reviews: 4.5 stars, '2 Store Reviews'", async () => {
    const response = await get('/api/vitrine/reviews/summary?productId=linen-shirt');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        averageRating: 4.5,
        count: 2,
        capped: false,
        heading: '2 Store Reviews',
        starCount: 5,
      },
    });
  });

  it('counts up to 1000 reviews and says 1000+ above 999', async () => {
    await addReviews(1001, 'field-notebook');
    const body = (await get('/api/vitrine/reviews/summary?productId=field-notebook')).json<{
      data: { count: number; capped: boolean; heading: string; averageRating: number };
    }>();
    expect(body.data).toMatchObject({ count: 1000, capped: true, heading: '1000+ Store Reviews' });
    expect(body.data.averageRating % 0.5).toBe(0);
    const store = (await get('/api/vitrine/reviews/summary')).json<typeof body>();
    expect(store.data.heading).toBe('1000+ Store Reviews');
  });

  it('says 0 Store Reviews for a product without reviews, and 400/404 for bad ids', async () => {
    expect((await get('/api/vitrine/reviews/summary?productId=field-notebook')).json()).toEqual({
      data: { averageRating: 0, count: 0, capped: false, heading: '0 Store Reviews', starCount: 5 },
    });
    expect((await get('/api/vitrine/reviews/summary?productId=nope')).statusCode).toBe(404);
    expect((await get('/api/vitrine/reviews/summary?productId=a%20b')).statusCode).toBe(400);
  });
});

describe('the reviews feature gate (docs/behaviour/reviews.md#feature-gate)', () => {
  const urls = [
    '/api/commerce/product/reviews',
    '/api/vitrine/reviews/summary?productId=linen-shirt',
  ];

  it.each([
    ['no flags', {}],
    [
      'marketplace import without productReviewsEnabled',
      { featureFlags: { marketplaceImport: true } },
    ],
    [
      'productReviewsEnabled without marketplace import',
      { storeSettings: { productReviewsEnabled: true } },
    ],
    [
      'both off',
      {
        featureFlags: { marketplaceImport: false, reviewsTest: false },
        storeSettings: { productReviewsEnabled: true },
      },
    ],
  ])('answers 404 with %s', async (_name, settings) => {
    await setSettings(settings);
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({
        error: { code: 'REVIEWS_NOT_ENABLED', message: 'Reviews are not enabled for this store.' },
      });
    }
  });

  it('opens with the review test flag alone', async () => {
    await setSettings({ featureFlags: { reviewsTest: true } });
    for (const url of urls) expect((await get(url)).statusCode, url).toBe(200);
  });
});
