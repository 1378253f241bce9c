import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCheckoutProducts,
  createCart,
  issueGiftCard,
  ITEMS,
  orderTablesSnapshot,
  setCheckoutSettings,
  shopper,
} from '../../../../test/helpers/checkout-fixtures.ts';
import { newVisitor } from '../../../../test/helpers/session.ts';

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp();
  await setCheckoutSettings(harness.database.db);
  await addCheckoutProducts(harness.database.db);
});
afterAll(() => harness.close());

async function quote(
  token: string | undefined,
  body: unknown,
  options: { csrf?: boolean; contentType?: string } = {},
) {
  const visitor =
    token === undefined ? await newVisitor(harness.app) : await shopper(harness.app, token);
  return visitor.inject({
    method: 'POST',
    url: '/api/vitrine/checkout/quote',
    csrf: options.csrf ?? true,
    ...(options.contentType ? { headers: { 'content-type': options.contentType } } : {}),
    payload: body as object,
  });
}

describe('POST /api/vitrine/checkout/quote', () => {
  it('fills every checkout field of the cart for an address, option, coupons and gift cards', async () => {
    const { db } = harness.database;
    await issueGiftCard(db, 'QUOTECARD23456789ABC', 2_000);
    const { token, cartId } = await createCart(db, [
      { item: ITEMS.shirtM, quantity: 1 },
      { item: ITEMS.giftCard25, quantity: 1 },
    ]);
    const snapshot = await orderTablesSnapshot(db);
    const response = await quote(token, {
      email: 'ada@example.com',
      shippingAddress: { country: 'us', region: 'ny' },
      couponCodes: ['welcome10', 'FIVEOFF', 'bogus'],
      giftCardCodes: ['quot-ecar-d234-5678-9abc', 'NOPE'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<
      Record<string, unknown> & { shoppingCart: Record<string, unknown> }
    >();
    // Goods 6800 (the gift card is not discounted nor taxed): −680 → 6120; shipping 800;
    // tax 8.75 % of (6120 + 800) = 605.5 → 606; total 6800 + 2500 − 680 + 800 + 606 = 10026.
    expect(body.shoppingCart).toMatchObject({
      id: cartId,
      subtotalCents: 9_300,
      discountCents: 680,
      shippingCostCents: 800,
      taxCents: 606,
      grandTotalCents: 10_026,
      requiresShipping: true,
      shippingOptions: [
        { id: 'standard', name: 'Standard', costCents: 800 },
        { id: 'express', name: 'Express', costCents: 2_500 },
      ],
      selectedShippingOption: { id: 'standard', name: 'Standard', costCents: 800 },
      shippingLocation: { country: 'US', region: 'ny', city: null, postalCode: null },
      applicableTaxRules: [
        {
          id: 'ny',
          name: 'New York sales tax',
          country: 'US',
          region: 'NY',
          rateBasisPoints: 875,
          taxCents: 606,
        },
      ],
      coupons: ['WELCOME10', 'FIVEOFF', 'BOGUS'],
      validCoupons: [
        {
          code: 'WELCOME10',
          type: 'PERCENTAGE',
          percent: 10,
          amountCents: null,
          discountCents: 680,
        },
      ],
      invalidCoupons: [
        {
          code: 'FIVEOFF',
          reason: 'ONE_PER_ORDER',
          message: 'Only one coupon can be used per order.',
        },
        { code: 'BOGUS', reason: 'UNKNOWN', message: 'This coupon code is not valid.' },
      ],
    });
    expect(body).toMatchObject({
      email: 'ada@example.com',
      giftCards: [{ code: 'QUOT-ECAR-D234-5678-9ABC', amountCents: 2_000, balanceAfterCents: 0 }],
      invalidGiftCards: [
        { code: 'NOPE', reason: 'UNKNOWN', message: 'This gift card code is not valid.' },
      ],
      giftCardCents: 2_000,
      amountDueCents: 8_026,
      problems: {},
    });
    // A quote reserves and writes nothing.
    expect(await orderTablesSnapshot(db)).toEqual(snapshot);
  });

  it('lists every rate before an address, and reports an option the address cannot have', async () => {
    const { token } = await createCart(harness.database.db, [
      { item: ITEMS.notebook, quantity: 1 },
    ]);
    const first = await quote(token, {});
    expect(first.statusCode).toBe(200);
    expect(
      first.json<{ shoppingCart: { shippingOptions: unknown[]; taxCents: number } }>().shoppingCart,
    ).toMatchObject({
      shippingOptions: [
        expect.objectContaining({ id: 'standard' }),
        expect.objectContaining({ id: 'express' }),
      ],
      taxCents: 0,
      shippingLocation: null,
    });
    const abroad = await quote(token, {
      shippingAddress: { country: 'FR' },
      shippingOptionId: 'express',
    });
    expect(abroad.json<{ problems: unknown }>().problems).toEqual({
      shippingOptionId: 'This shipping option is not available for this address.',
    });
  });

  it('quotes an empty cart for a visitor without one', async () => {
    const response = await quote(undefined, { couponCodes: ['WELCOME10'] });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ shoppingCart: unknown }>().shoppingCart).toMatchObject({
      id: null,
      entries: [],
      grandTotalCents: 0,
      invalidCoupons: [{ code: 'WELCOME10', reason: 'NOT_APPLICABLE' }],
    });
  });

  it.each([
    ['malformed JSON', '{"email":', 'application/json', 'INVALID_JSON'],
    ['wrong types', { couponCodes: 'WELCOME10' }, undefined, 'VALIDATION_FAILED'],
    [
      'an address without a country',
      { shippingAddress: { city: 'Paris' } },
      undefined,
      'VALIDATION_FAILED',
    ],
    ['an invalid email', { email: 'nope' }, undefined, 'VALIDATION_FAILED'],
    ['unknown fields', { total: 0 }, undefined, 'VALIDATION_FAILED'],
  ])('refuses %s with 400', async (_name, body, contentType, code) => {
    const response = await quote(undefined, body, contentType ? { contentType } : {});
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code).toBe(code);
  });

  it('needs the CSRF token', async () => {
    const response = await quote(undefined, {}, { csrf: false });
    expect(response.statusCode).toBe(403);
  });
});
