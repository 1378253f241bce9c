import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCart, ITEMS, shopper } from '../../../../test/helpers/checkout-fixtures.ts';
import { newVisitor } from '../../../../test/helpers/session.ts';
import { schema } from '../../db/index.ts';
import {
  createStoreAdminHarness,
  ownerClient,
  storeSnapshot,
  type OwnerClient,
  type StoreAdminHarness,
  validationFailed,
} from './testing/store-admin-fixtures.ts';

const SETTINGS = '/api/vitrine/owner/store-settings';
/** The demo store's (demo/site.json) checkout settings. */
const DEMO_TAX = {
  id: 'ny-sales-tax',
  name: 'New York State sales tax',
  country: 'US',
  region: 'NY',
  rateBasisPoints: 400,
  appliesToShipping: true,
};

let harness: StoreAdminHarness;
let manager: OwnerClient;

beforeAll(async () => {
  harness = await createStoreAdminHarness();
  manager = await ownerClient(harness.app, harness.database.db, 'STORE_MANAGER');
});
afterAll(() => harness.close());

function put(payload: unknown, owner = manager) {
  return owner.inject({ method: 'PUT', url: SETTINGS, payload: payload as object });
}

async function storedSettings(): Promise<Record<string, unknown>> {
  const [row] = await harness.database.db
    .select({ settings: schema.sites.settings })
    .from(schema.sites)
    .where(eq(schema.sites.id, 'vitrine-demo'));
  if (!row) throw new Error('demo site missing');
  return row.settings;
}

/** A New York quote for one notebook (1800) shipped standard (800). */
async function nyQuote(token: string) {
  const response = await (
    await shopper(harness.app, token)
  ).inject({
    method: 'POST',
    url: '/api/vitrine/checkout/quote',
    payload: { shippingAddress: { country: 'US', region: 'NY' } },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{
    shoppingCart: { taxCents: number; applicableTaxRules: { rateBasisPoints: number }[] };
  }>().shoppingCart;
}

describe('GET /api/vitrine/owner/store-settings', () => {
  it("answers the site's coupons, shipping rates and tax rules", async () => {
    const response = await manager.inject({ url: SETTINGS });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<Record<string, unknown[]>>();
    expect(Object.keys(body).sort()).toEqual(['coupons', 'shippingRates', 'taxRules']);
    expect(body.taxRules).toEqual([DEMO_TAX]);
    expect(body.coupons).toEqual([
      { code: 'WELCOME10', type: 'PERCENTAGE', percent: 10, minSubtotalCents: 5_000 },
    ]);
    expect(body.shippingRates?.map((rate) => (rate as { id: string }).id)).toEqual([
      'standard',
      'express',
    ]);
  });
});

describe('PUT /api/vitrine/owner/store-settings', () => {
  it('replaces the tax rules, and the next checkout quote uses the new New York rate', async () => {
    const { token } = await createCart(harness.database.db, [
      { item: ITEMS.notebook, quantity: 1 },
    ]);
    // 4 % of (1800 + 800) = 104.
    expect(await nyQuote(token)).toMatchObject({
      taxCents: 104,
      applicableTaxRules: [{ rateBasisPoints: 400 }],
    });
    const before = harness.invalidations();
    const othersBefore = await storedSettings();
    const response = await put({ taxRules: [{ ...DEMO_TAX, rateBasisPoints: 875 }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ taxRules: unknown }>().taxRules).toEqual([
      { ...DEMO_TAX, rateBasisPoints: 875 },
    ]);
    expect(harness.invalidations()).toBe(before + 1);
    // 8.75 % of 2600 = 227.5, rounded half up.
    expect(await nyQuote(token)).toMatchObject({
      taxCents: 228,
      applicableTaxRules: [{ rateBasisPoints: 875 }],
    });
    // Only the tax rules changed: the other lists and the site's other settings are kept.
    const after = await storedSettings();
    expect({ ...after, taxRules: null }).toEqual({ ...othersBefore, taxRules: null });
  });

  it('replaces coupons and shipping rates, normalised as the site file normalises them', async () => {
    const response = await put({
      coupons: [{ code: ' SPRING5 ', type: 'FIXED', amountCents: 500 }],
      shippingRates: [{ id: 'flat', name: 'Flat rate', amountCents: 600 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      coupons: [{ code: 'SPRING5', type: 'FIXED', amountCents: 500 }],
      shippingRates: [{ id: 'flat', name: 'Flat rate', amountCents: 600 }],
      taxRules: [{ ...DEMO_TAX, rateBasisPoints: 875 }],
    });
    expect((await manager.inject({ url: SETTINGS })).json()).toEqual(response.json());
    const cleared = await put({ coupons: [] });
    expect(cleared.json()).toMatchObject({ coupons: [] });
  });

  it.each([
    ['no list', {}, 'body'],
    ['an unknown key', { currency: 'EUR' }, 'body'],
    ['a list that is not a list', { taxRules: { id: 'x' } }, 'taxRules'],
    [
      'a rate above 100 %',
      { taxRules: [{ ...DEMO_TAX, rateBasisPoints: 10_001 }] },
      'taxRules.0.rateBasisPoints',
    ],
    [
      'a country that is not a code',
      { taxRules: [{ ...DEMO_TAX, country: 'USA' }] },
      'taxRules.0.country',
    ],
    [
      'duplicate tax rule ids',
      { taxRules: [DEMO_TAX, { ...DEMO_TAX, region: 'NJ' }] },
      'taxRules.1',
    ],
    [
      'a percentage coupon without percent',
      { coupons: [{ code: 'HALF', type: 'PERCENTAGE' }] },
      'coupons.0.percent',
    ],
    [
      'a negative shipping amount',
      { shippingRates: [{ id: 'flat', name: 'Flat', amountCents: -1 }] },
      'shippingRates.0.amountCents',
    ],
    [
      'a fractional shipping amount',
      { shippingRates: [{ id: 'flat', name: 'Flat', amountCents: 1.5 }] },
      'shippingRates.0.amountCents',
    ],
  ])(
    'refuses %s with 400 VALIDATION_FAILED naming the field, changing nothing',
    async (_, payload, field) => {
      const before = await storeSnapshot(harness.database.db);
      const invalidations = harness.invalidations();
      const response = await put(payload);
      expect(response.statusCode, response.body).toBe(400);
      const { error } = response.json<{
        error: { code: string; fields: Record<string, string> };
      }>();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields)).toContain(field);
      expect(await storeSnapshot(harness.database.db)).toEqual(before);
      expect(harness.invalidations()).toBe(invalidations);
    },
  );

  it('names every refused field and why, under the catalog code and message, saving nothing', async () => {
    const before = await storeSnapshot(harness.database.db);
    const response = await put({
      shippingRates: [{ id: 'flat', name: '', amountCents: -1 }],
      taxRules: [{ ...DEMO_TAX, country: 'USA' }],
      coupons: [{ code: 'HALF', type: 'PERCENTAGE' }],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(
      validationFailed({
        'shippingRates.0.name': 'Must not be empty',
        'shippingRates.0.amountCents': 'Must not be negative',
        'taxRules.0.country': 'Must be a two-letter country code such as "US"',
        'coupons.0.percent': 'A PERCENTAGE coupon needs percent',
      }),
    );
    expect(await storeSnapshot(harness.database.db)).toEqual(before);
  });

  it('refuses malformed JSON with 400 INVALID_JSON', async () => {
    const before = await storeSnapshot(harness.database.db);
    const response = await manager.inject({
      method: 'PUT',
      url: SETTINGS,
      headers: { 'content-type': 'application/json' },
      payload: '{"coupons": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'INVALID_JSON' } });
    expect(await storeSnapshot(harness.database.db)).toEqual(before);
  });
});

describe('who may read and edit store settings', () => {
  it('answers 401 without an owner login', async () => {
    const visitor = await newVisitor(harness.app);
    expect((await visitor.inject({ url: SETTINGS })).statusCode).toBe(401);
    const write = await visitor.inject({ method: 'PUT', url: SETTINGS, payload: { coupons: [] } });
    expect(write.statusCode).toBe(401);
    expect(write.json()).toMatchObject({ error: { code: 'OWNER_UNAUTHORIZED' } });
  });

  it('lets a VIEWER read but not edit, and a REPORTING owner do neither (403)', async () => {
    const before = await storeSnapshot(harness.database.db);
    const viewer = await ownerClient(harness.app, harness.database.db, 'VIEWER');
    expect((await viewer.inject({ url: SETTINGS })).statusCode).toBe(200);
    const edit = await put({ coupons: [] }, viewer);
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ error: { code: 'OWNER_FORBIDDEN' } });
    const reporting = await ownerClient(harness.app, harness.database.db, 'REPORTING');
    const read = await reporting.inject({ url: SETTINGS });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ error: { code: 'OWNER_FORBIDDEN' } });
    const refused = await manager.inject({
      method: 'PUT',
      url: SETTINGS,
      payload: { coupons: [] },
      csrf: false,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'SESSION_EXPIRED' } });
    expect(await storeSnapshot(harness.database.db)).toEqual(before);
  });
});
