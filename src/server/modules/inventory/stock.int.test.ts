import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { addCartFixtures, FIXTURE } from '../../../../test/helpers/cart-fixtures.ts';
import { setStock } from '../catalog/stock.ts';

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 10_000, timeWindowMs: 60_000 } });
  await addCartFixtures(harness.database.db);
});
afterAll(() => harness.close());

describe('GET /api/commerce/inventory/stock/', () => {
  it("answers one result per variant in the product's variant order", async () => {
    const response = await harness.app.inject(
      `/api/commerce/inventory/stock/?itemId=${FIXTURE.shirt.itemId}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { results } = response.json<{
      results: { variantId: string; sku: string; unlimited: boolean; qtyInStock: number }[];
    }>();
    expect(results.map((result) => result.sku)).toEqual([
      'LS-SAND-S',
      'LS-SAND-M',
      'LS-SAND-L',
      ...results.slice(3).map((result) => result.sku),
    ]);
    expect(results[0]).toEqual({
      variantId: 'linen-shirt-s-sand',
      sku: 'LS-SAND-S',
      unlimited: false,
      qtyInStock: 12,
    });
    expect(Object.keys(results[0] ?? {}).sort()).toEqual([
      'qtyInStock',
      'sku',
      'unlimited',
      'variantId',
    ]);
  });

  it('reports unlimited variants and follows stock changes at once', async () => {
    const tote = await harness.app.inject(
      `/api/commerce/inventory/stock?itemId=${FIXTURE.tote.itemId}`,
    );
    expect(tote.json()).toEqual({
      results: [{ variantId: 'tote-bag-v', sku: 'TOTE-1', unlimited: true, qtyInStock: 0 }],
    });
    await setStock(harness.database.db, 'field-notebook-default', { qtyInStock: 7 });
    const notebook = await harness.app.inject(
      `/api/commerce/inventory/stock/?itemId=${FIXTURE.notebook.itemId}`,
    );
    expect(notebook.json().results[0].qtyInStock).toBe(7);
  });

  it('answers 404 for unknown and unpublished items', async () => {
    for (const itemId of ['no-such-item', FIXTURE.draft.itemId]) {
      const response = await harness.app.inject(`/api/commerce/inventory/stock/?itemId=${itemId}`);
      expect(response.statusCode, itemId).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'ITEM_NOT_FOUND', message: 'Sorry, that item could not be found.' },
      });
    }
  });

  it('answers 400 naming itemId when it is missing or too long', async () => {
    const missing = await harness.app.inject('/api/commerce/inventory/stock/');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { itemId: expect.any(String) },
    });
    const long = await harness.app.inject(
      `/api/commerce/inventory/stock/?itemId=${'x'.repeat(201)}`,
    );
    expect(long.statusCode).toBe(400);
    const twice = await harness.app.inject(
      '/api/commerce/inventory/stock/?itemId=linen-shirt&itemId=ebook',
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields).toHaveProperty('itemId');
  });
});
