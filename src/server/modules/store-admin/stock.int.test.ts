import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newVisitor } from '../../../../test/helpers/session.ts';
import { LIMITS } from '../../../shared/site-file/index.ts';
import { schema } from '../../db/index.ts';
import {
  createStoreAdminHarness,
  ownerClient,
  storeSnapshot,
  type OwnerClient,
  type StoreAdminHarness,
} from './testing/store-admin-fixtures.ts';

const { variants } = schema;
const STOCK = '/api/vitrine/owner/products/linen-shirt/variants/linen-shirt-m-sand/stock';
const ADJUST = `${STOCK}/adjust`;

let harness: StoreAdminHarness;
let manager: OwnerClient;

beforeAll(async () => {
  harness = await createStoreAdminHarness();
  manager = await ownerClient(harness.app, harness.database.db, 'STORE_MANAGER');
});
afterAll(() => harness.close());

beforeEach(async () => {
  await harness.database.db
    .update(variants)
    .set({ qtyInStock: 3, unlimited: false })
    .where(eq(variants.id, 'linen-shirt-m-sand'));
});

async function stored(): Promise<{ unlimited: boolean; qtyInStock: number }> {
  const [row] = await harness.database.db
    .select({ unlimited: variants.unlimited, qtyInStock: variants.qtyInStock })
    .from(variants)
    .where(eq(variants.id, 'linen-shirt-m-sand'));
  if (!row) throw new Error('demo variant missing');
  return row;
}

describe('PUT …/variants/:variantId/stock', () => {
  it("sets the count and answers the variant's stock as the inventory endpoint does", async () => {
    const before = harness.invalidations();
    const response = await manager.inject({
      method: 'PUT',
      url: STOCK,
      payload: { qtyInStock: 7 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const stock = {
      variantId: 'linen-shirt-m-sand',
      sku: 'LS-SAND-M',
      unlimited: false,
      qtyInStock: 7,
    };
    expect(response.json()).toEqual(stock);
    expect(await stored()).toEqual({ unlimited: false, qtyInStock: 7 });
    expect(harness.invalidations()).toBe(before + 1);
    const shopper = await newVisitor(harness.app);
    const inventory = await shopper.inject({
      url: '/api/commerce/inventory/stock/?itemId=linen-shirt',
    });
    expect(inventory.json<{ results: unknown[] }>().results).toContainEqual(stock);
  });

  it('sets unlimited alone, keeping the count, and both at once', async () => {
    const unlimited = await manager.inject({
      method: 'PUT',
      url: STOCK,
      payload: { unlimited: true },
    });
    expect(unlimited.json()).toMatchObject({ unlimited: true, qtyInStock: 3 });
    const both = await manager.inject({
      method: 'PUT',
      url: STOCK,
      payload: { unlimited: false, qtyInStock: 0 },
    });
    expect(both.json()).toMatchObject({ unlimited: false, qtyInStock: 0 });
    expect(await stored()).toEqual({ unlimited: false, qtyInStock: 0 });
  });

  it(`accepts the largest count (${LIMITS.maxQtyInStock}) and 0`, async () => {
    for (const qtyInStock of [LIMITS.maxQtyInStock, 0]) {
      const response = await manager.inject({ method: 'PUT', url: STOCK, payload: { qtyInStock } });
      expect(response.statusCode).toBe(200);
      expect(await stored()).toEqual({ unlimited: false, qtyInStock });
    }
  });

  it.each([
    ['no field', {}, 'qtyInStock'],
    ['a negative count', { qtyInStock: -1 }, 'qtyInStock'],
    ['a fractional count', { qtyInStock: 2.5 }, 'qtyInStock'],
    ['a count above the largest', { qtyInStock: LIMITS.maxQtyInStock + 1 }, 'qtyInStock'],
    ['a huge count', { qtyInStock: 1e20 }, 'qtyInStock'],
    ['a count as a string', { qtyInStock: '5' }, 'qtyInStock'],
    ['a null count', { qtyInStock: null }, 'qtyInStock'],
    ['unlimited as a string', { unlimited: 'yes' }, 'unlimited'],
    ['an unknown field', { qtyInStock: 5, sku: 'X' }, 'body'],
    ['an array body', [5], 'body'],
  ])(
    'refuses %s with 400 VALIDATION_FAILED naming the field, changing nothing',
    async (_, payload, field) => {
      const before = await storeSnapshot(harness.database.db);
      const invalidations = harness.invalidations();
      const response = await manager.inject({ method: 'PUT', url: STOCK, payload });
      expect(response.statusCode).toBe(400);
      const { error } = response.json<{
        error: { code: string; fields: Record<string, string> };
      }>();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields)).toContain(field);
      expect(await storeSnapshot(harness.database.db)).toEqual(before);
      expect(harness.invalidations()).toBe(invalidations);
    },
  );

  it('refuses malformed JSON with 400 INVALID_JSON', async () => {
    const before = await storeSnapshot(harness.database.db);
    const response = await manager.inject({
      method: 'PUT',
      url: STOCK,
      headers: { 'content-type': 'application/json' },
      payload: '{"qtyInStock": 5',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'INVALID_JSON' } });
    expect(await storeSnapshot(harness.database.db)).toEqual(before);
  });

  it('answers 404 for an unknown product or variant, and for a variant of another product', async () => {
    const cases = [
      [
        '/api/vitrine/owner/products/no-such-product/variants/linen-shirt-m-sand/stock',
        'PRODUCT_NOT_FOUND',
      ],
      [
        '/api/vitrine/owner/products/linen-shirt/variants/no-such-variant/stock',
        'VARIANT_NOT_FOUND',
      ],
      [
        '/api/vitrine/owner/products/field-notebook/variants/linen-shirt-m-sand/stock',
        'VARIANT_NOT_FOUND',
      ],
    ] as const;
    const before = await storeSnapshot(harness.database.db);
    for (const [url, code] of cases) {
      for (const [method, path, payload] of [
        ['PUT', url, { qtyInStock: 1 }],
        ['POST', `${url}/adjust`, { delta: 1 }],
      ] as const) {
        const response = await manager.inject({ method, url: path, payload });
        expect([path, response.statusCode]).toEqual([path, 404]);
        expect(response.json()).toMatchObject({ error: { code } });
      }
    }
    const malformed = await manager.inject({
      method: 'PUT',
      url: '/api/vitrine/owner/products/linen%20shirt/variants/x/stock',
      payload: { qtyInStock: 1 },
    });
    expect(malformed.statusCode).toBe(400);
    expect(await storeSnapshot(harness.database.db)).toEqual(before);
  });
});

describe('POST …/variants/:variantId/stock/adjust', () => {
  it('counts returns in and shrinkage out, down to exactly 0', async () => {
    const before = harness.invalidations();
    const returned = await manager.inject({ method: 'POST', url: ADJUST, payload: { delta: 2 } });
    expect(returned.statusCode).toBe(200);
    expect(returned.json()).toEqual({
      variantId: 'linen-shirt-m-sand',
      sku: 'LS-SAND-M',
      unlimited: false,
      qtyInStock: 5,
    });
    const shrunk = await manager.inject({ method: 'POST', url: ADJUST, payload: { delta: -5 } });
    expect(shrunk.json()).toMatchObject({ qtyInStock: 0 });
    expect(await stored()).toEqual({ unlimited: false, qtyInStock: 0 });
    expect(harness.invalidations()).toBe(before + 2);
  });

  it('never goes below 0: 409 STOCK_BELOW_ZERO saying how many are in stock, nothing changed', async () => {
    const before = await storeSnapshot(harness.database.db);
    const invalidations = harness.invalidations();
    const response = await manager.inject({ method: 'POST', url: ADJUST, payload: { delta: -4 } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'STOCK_BELOW_ZERO',
        message: 'Stock cannot go below 0: this adjustment takes away more than is in stock.',
        fields: { delta: 'Only 3 in stock: at most 3 can be taken away' },
      },
    });
    expect(await storeSnapshot(harness.database.db)).toEqual(before);
    expect(harness.invalidations()).toBe(invalidations);
  });

  it(`never goes above ${LIMITS.maxQtyInStock}: 409 STOCK_TOO_LARGE`, async () => {
    await manager.inject({
      method: 'PUT',
      url: STOCK,
      payload: { qtyInStock: LIMITS.maxQtyInStock - 1 },
    });
    const response = await manager.inject({ method: 'POST', url: ADJUST, payload: { delta: 2 } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: { code: 'STOCK_TOO_LARGE', fields: { delta: 'At most 1 can be added' } },
    });
    expect(await stored()).toEqual({ unlimited: false, qtyInStock: LIMITS.maxQtyInStock - 1 });
  });

  it.each([
    ['no delta', {}],
    ['a zero delta', { delta: 0 }],
    ['a fractional delta', { delta: 1.5 }],
    ['a delta as a string', { delta: '1' }],
    ['a huge delta', { delta: 1e12 }],
    ['a hugely negative delta', { delta: -1e12 }],
    ['an unknown field', { delta: 1, reason: 'returns' }],
  ])('refuses %s with 400, changing nothing', async (_, payload) => {
    const before = await storeSnapshot(harness.database.db);
    const response = await manager.inject({ method: 'POST', url: ADJUST, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(await storeSnapshot(harness.database.db)).toEqual(before);
  });
});

describe('who may set stock', () => {
  const calls = [
    ['PUT', STOCK, { qtyInStock: 9 }],
    ['POST', ADJUST, { delta: 1 }],
  ] as const;

  it('answers 401 without an owner login', async () => {
    const visitor = await newVisitor(harness.app);
    for (const [method, url, payload] of calls) {
      const response = await visitor.inject({ method, url, payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'OWNER_UNAUTHORIZED' } });
    }
    expect(await stored()).toEqual({ unlimited: false, qtyInStock: 3 });
  });

  it.each([['VIEWER'], ['EDITOR'], ['REPORTING']] as const)(
    'answers 403 to a %s, whose role lacks stock:edit',
    async (role) => {
      const owner = await ownerClient(harness.app, harness.database.db, role);
      for (const [method, url, payload] of calls) {
        const response = await owner.inject({ method, url, payload });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ error: { code: 'OWNER_FORBIDDEN' } });
      }
      expect(await stored()).toEqual({ unlimited: false, qtyInStock: 3 });
    },
  );

  it('lets an ADMIN set stock, and refuses a write without the xsrf token (403)', async () => {
    const admin = await ownerClient(harness.app, harness.database.db, 'ADMIN');
    const refused = await admin.inject({
      method: 'PUT',
      url: STOCK,
      payload: { qtyInStock: 9 },
      csrf: false,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'SESSION_EXPIRED' } });
    expect(await stored()).toEqual({ unlimited: false, qtyInStock: 3 });
    const allowed = await admin.inject({ method: 'PUT', url: STOCK, payload: { qtyInStock: 9 } });
    expect(allowed.statusCode).toBe(200);
    expect(await stored()).toEqual({ unlimited: false, qtyInStock: 9 });
  });
});
