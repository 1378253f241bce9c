/**
 * POST /api/commerce/shopping-cart/entries through the real app: the happy paths, every spec
 * message, and bad input answered with the right status and nothing changed in the database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCartFixtures,
  FIXTURE,
  snapshotCartTables,
  type CartTablesSnapshot,
} from '../../../../test/helpers/cart-fixtures.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { schema } from '../../db/index.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
let harness: TestApp;
let visitor: Visitor;

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 100_000, timeWindowMs: 60_000 } });
  await addCartFixtures(harness.database.db);
});
afterAll(() => harness.close());
beforeEach(async () => {
  visitor = await newVisitor(harness.app);
});

function add(payload: unknown, options: { visitor?: Visitor; query?: string } = {}) {
  return (options.visitor ?? visitor).inject({
    method: 'POST',
    url: `${ENTRIES}${options.query ?? ''}`,
    payload: payload as object,
  });
}

describe('adding to the cart', () => {
  it('creates the cart and its cookies on the first add and answers { shoppingCart, newlyAdded }', async () => {
    const response = await add({
      itemId: FIXTURE.shirt.itemId,
      sku: FIXTURE.shirt.skuM,
      quantity: 2,
      additionalFields: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['newlyAdded', 'shoppingCart']);
    expect(body.newlyAdded).toMatchObject({
      itemId: 'linen-shirt',
      quantity: 2,
      chosenVariant: { sku: 'LS-SAND-M', attributes: { Size: 'M', Colour: 'Sand' } },
      title: 'Linen Shirt',
      purchasePriceCents: 6800,
      subTotal: 13600,
    });
    expect(body.shoppingCart).toMatchObject({
      totalQuantity: 2,
      subtotalCents: 13600,
      grandTotalCents: 13600,
      requiresShipping: true,
      subtotalAmount: { value: '136.00', currency: 'USD' },
    });
    const cookies = response.cookies as { name: string; httpOnly?: boolean; value: string }[];
    expect(cookies.find((cookie) => cookie.name === 'vitrine-cart-token')).toMatchObject({
      httpOnly: true,
    });
    expect(cookies.find((cookie) => cookie.name === 'vitrine-cart')).toMatchObject({ value: '1' });
    expect(cookies.find((cookie) => cookie.name === 'vitrine-cart')?.httpOnly).toBeFalsy();
    // The GET answers the same cart.
    const cart = await visitor.inject({ url: '/api/commerce/shopping-cart' });
    expect(cart.json()).toEqual(body.shoppingCart);
  });

  it('adds to the same entry for the same variant and answers, recomputing totals', async () => {
    await add({
      itemId: FIXTURE.shirt.itemId,
      sku: FIXTURE.shirt.skuM,
      quantity: 1,
      additionalFields: null,
    });
    const second = await add({
      itemId: FIXTURE.shirt.itemId,
      sku: FIXTURE.shirt.skuM,
      quantity: 2,
      additionalFields: null,
    });
    const third = await add({
      itemId: FIXTURE.notebook.itemId,
      sku: null,
      quantity: 1,
      additionalFields: null,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().shoppingCart.entries).toHaveLength(1);
    expect(second.json().newlyAdded.quantity).toBe(3);
    const cart = third.json().shoppingCart;
    expect(
      cart.entries.map((entry: { itemId: string; quantity: number }) => [
        entry.itemId,
        entry.quantity,
      ]),
    ).toEqual([
      ['linen-shirt', 3],
      ['field-notebook', 1],
    ]);
    expect(cart.totalQuantity).toBe(4);
    expect(cart.subtotalCents).toBe(3 * 6800 + 1800);
    // No second cart cookie once the cart exists.
    expect(third.cookies.find((cookie) => cookie.name === 'vitrine-cart-token')).toBeUndefined();
  });

  it('keeps entries apart when their answers differ, and merges equal answers whatever their key order', async () => {
    const engraved = (answers: object) =>
      add({
        itemId: FIXTURE.pen.itemId,
        sku: FIXTURE.pen.sku,
        quantity: 1,
        additionalFields: JSON.stringify(answers),
      });
    await engraved({ engraving: 'A.B.', wrap: 'Yes' });
    await engraved({ wrap: 'Yes', engraving: 'A.B.' });
    const third = await engraved({ engraving: 'C.D.' });
    const entries = third.json().shoppingCart.entries as {
      quantity: number;
      additionalFields: Record<string, unknown>;
    }[];
    expect(entries.map((entry) => [entry.additionalFields.engraving, entry.quantity])).toEqual([
      ['A.B.', 2],
      ['C.D.', 1],
    ]);
  });

  it('answers after every add exactly the cart a fresh read gives: new entries, merges, answers, sale prices', async () => {
    const engravedPen = (engraving: string) => ({
      itemId: FIXTURE.pen.itemId,
      sku: FIXTURE.pen.sku,
      additionalFields: JSON.stringify({ engraving }),
    });
    const saleSocks = {
      itemId: FIXTURE.socks.itemId,
      sku: FIXTURE.socks.sku,
      additionalFields: null,
    };
    const adds = [
      { ...engravedPen('A.B.'), quantity: 1 },
      { ...saleSocks, quantity: 2 },
      { ...engravedPen('A.B.'), quantity: 1 },
      { ...engravedPen('C.D.'), quantity: 1 },
      { ...saleSocks, quantity: 3 },
    ];
    for (const payload of adds) {
      const response = await add(payload);
      expect(response.statusCode).toBe(200);
      const read = await visitor.inject({ url: '/api/commerce/shopping-cart' });
      expect(response.json().shoppingCart).toEqual(read.json());
    }
    const final = (await visitor.inject({ url: '/api/commerce/shopping-cart' })).json();
    expect(final.entries.map((entry: { quantity: number }) => entry.quantity)).toEqual([2, 5, 1]);
  });

  it('uses the sale price when the variant is on sale', async () => {
    const response = await add({
      itemId: FIXTURE.socks.itemId,
      sku: FIXTURE.socks.sku,
      quantity: 3,
      additionalFields: null,
    });
    expect(response.json().newlyAdded).toMatchObject({ purchasePriceCents: 700, subTotal: 2100 });
  });

  it('sells digital goods (one per cart), gift cards with a denomination, services and unlimited variants', async () => {
    const ebook = await add({
      itemId: FIXTURE.ebook.itemId,
      sku: null,
      quantity: 1,
      additionalFields: null,
    });
    expect(ebook.statusCode).toBe(200);
    expect(ebook.json().shoppingCart).toMatchObject({
      hasDigital: true,
      purelyDigital: true,
      requiresShipping: false,
    });
    const again = await add({
      itemId: FIXTURE.ebook.itemId,
      sku: null,
      quantity: 1,
      additionalFields: null,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'DIGITAL_QUANTITY_LIMIT',
      message: 'Only one of each digital product can be in the cart.',
    });
    const gift = await add({
      itemId: FIXTURE.giftCard.itemId,
      sku: FIXTURE.giftCard.sku50,
      quantity: 2,
      additionalFields: null,
    });
    expect(gift.json().newlyAdded).toMatchObject({ purchasePriceCents: 5000, quantity: 2 });
    const yoga = await add({
      itemId: FIXTURE.service.itemId,
      sku: FIXTURE.service.sku,
      quantity: 2,
      additionalFields: null,
    });
    expect(yoga.statusCode).toBe(200);
    const tote = await add({
      itemId: FIXTURE.tote.itemId,
      sku: FIXTURE.tote.sku,
      quantity: 9999,
      additionalFields: null,
    });
    expect(tote.statusCode).toBe(200);
  });

  it('accepts a quantity sent as text and defaults a missing one to 1', async () => {
    const text = await add({
      itemId: FIXTURE.notebook.itemId,
      sku: FIXTURE.notebook.sku,
      quantity: '2',
    });
    expect(text.json().newlyAdded.quantity).toBe(2);
    const missing = await add({ itemId: FIXTURE.tote.itemId });
    expect(missing.json().newlyAdded.quantity).toBe(1);
  });

  it('starts a new cart when the cookie names a purchased or unknown cart', async () => {
    await add({ itemId: FIXTURE.notebook.itemId, sku: null, quantity: 1 });
    const token = visitor.cookies.get('vitrine-cart-token');
    if (token === undefined) throw new Error('no cart cookie');
    await harness.database.db
      .update(schema.carts)
      .set({ isPurchased: true, orderId: `order-${token}` })
      .where(eq(schema.carts.token, token));
    const response = await add({ itemId: FIXTURE.notebook.itemId, sku: null, quantity: 1 });
    expect(response.json().shoppingCart.totalQuantity).toBe(1);
    expect(visitor.cookies.get('vitrine-cart-token')).not.toBe(token);
  });
});

describe('express purchase', () => {
  it("makes a cart of its own holding only that item, leaves the shopper's cart alone, and gives a checkout URL", async () => {
    await add({ itemId: FIXTURE.notebook.itemId, sku: null, quantity: 1 });
    const mainToken = visitor.cookies.get('vitrine-cart-token');
    const response = await add(
      {
        itemId: FIXTURE.shirt.itemId,
        sku: FIXTURE.shirt.skuS,
        quantity: 1,
        additionalFields: null,
      },
      { query: '?isExpress=true' },
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.shoppingCart.entries).toHaveLength(1);
    expect(body.newlyAdded.chosenVariant.sku).toBe('LS-SAND-S');
    expect(body.checkoutUrl).toMatch(/^\/checkout\?cartToken=[A-Za-z0-9_-]{32}$/);
    expect(visitor.cookies.get('vitrine-cart-token')).toBe(mainToken);
    const token =
      new URLSearchParams(String(body.checkoutUrl).split('?')[1]).get('cartToken') ?? '';
    const [express] = await harness.database.db
      .select()
      .from(schema.carts)
      .where(eq(schema.carts.token, token));
    expect(express?.kind).toBe('express');
    const main = await visitor.inject({ url: '/api/commerce/shopping-cart' });
    expect(main.json().entries.map((entry: { itemId: string }) => entry.itemId)).toEqual([
      'field-notebook',
    ]);
  });

  it('sets no cart cookies for a visitor without a cart', async () => {
    const response = await add(
      { itemId: FIXTURE.notebook.itemId, sku: null, quantity: 1 },
      { query: '?isExpress=true' },
    );
    expect(response.statusCode).toBe(200);
    expect(visitor.cookies.has('vitrine-cart-token')).toBe(false);
  });

  it('applies the same rules (stock)', async () => {
    const response = await add(
      { itemId: FIXTURE.shirt.itemId, sku: FIXTURE.shirt.skuM, quantity: 4 },
      { query: '?isExpress=true' },
    );
    expect(response.statusCode).toBe(409);
  });
});

describe('refusals change nothing', () => {
  let before: CartTablesSnapshot;
  beforeEach(async () => {
    // Every refusal below is sent by a visitor whose cart already holds something.
    await add({
      itemId: FIXTURE.shirt.itemId,
      sku: FIXTURE.shirt.skuM,
      quantity: 1,
      additionalFields: null,
    });
    before = await snapshotCartTables(harness.database.db);
  });

  async function expectRefusal(
    payload: unknown,
    status: number,
    error: Record<string, unknown>,
    query = '',
  ) {
    const response = await add(payload, { query });
    expect(response.statusCode, JSON.stringify(payload)).toBe(status);
    expect(response.json().error).toMatchObject(error);
    expect(await snapshotCartTables(harness.database.db)).toEqual(before);
  }

  const unavailable = {
    code: 'ITEM_VARIANT_UNAVAILABLE',
    message: 'Sorry, that item variant is unavailable. Please select another variant.',
  };
  const notEnough = {
    code: 'INSUFFICIENT_STOCK',
    message: 'Sorry, we do not have enough of that item available.',
  };

  it('unknown and unpublished items: 404', async () => {
    const notFound = { code: 'ITEM_NOT_FOUND', message: 'Sorry, that item could not be found.' };
    await expectRefusal({ itemId: 'no-such-item', sku: null, quantity: 1 }, 404, notFound);
    await expectRefusal(
      { itemId: FIXTURE.draft.itemId, sku: FIXTURE.draft.sku, quantity: 1 },
      404,
      notFound,
    );
  });

  it("no sku for a product with several variants, or an unknown sku: the spec's unavailable message", async () => {
    await expectRefusal(
      { itemId: FIXTURE.shirt.itemId, sku: null, quantity: 1, additionalFields: null },
      400,
      unavailable,
    );
    await expectRefusal(
      { itemId: FIXTURE.shirt.itemId, sku: 'LS-NOPE', quantity: 1, additionalFields: null },
      400,
      unavailable,
    );
    // A sku of another product is not a variant of this one.
    await expectRefusal(
      { itemId: FIXTURE.shirt.itemId, sku: FIXTURE.notebook.sku, quantity: 1 },
      400,
      unavailable,
    );
  });

  it("more than in stock, summing the variant across the cart's entries: 409 with the spec's message", async () => {
    // The cart holds 1 of the 3 in stock.
    await expectRefusal(
      { itemId: FIXTURE.shirt.itemId, sku: FIXTURE.shirt.skuM, quantity: 3 },
      409,
      notEnough,
    );
    await expectRefusal(
      { itemId: FIXTURE.notebook.itemId, sku: null, quantity: 41 },
      409,
      notEnough,
    );
    await expectRefusal({ itemId: FIXTURE.service.itemId, sku: null, quantity: 3 }, 409, notEnough);
    const fine = await add({ itemId: FIXTURE.shirt.itemId, sku: FIXTURE.shirt.skuM, quantity: 2 });
    expect(fine.statusCode).toBe(200);
  });

  it('sums the same variant across entries with different answers', async () => {
    const pen = (engraving: string, quantity: number) =>
      add({
        itemId: FIXTURE.pen.itemId,
        sku: FIXTURE.pen.sku,
        quantity,
        additionalFields: JSON.stringify({ engraving }),
      });
    expect((await pen('A', 3)).statusCode).toBe(200);
    expect((await pen('B', 2)).statusCode).toBe(200);
    before = await snapshotCartTables(harness.database.db);
    await expectRefusal(
      {
        itemId: FIXTURE.pen.itemId,
        sku: FIXTURE.pen.sku,
        quantity: 1,
        additionalFields: '{"engraving":"C"}',
      },
      409,
      notEnough,
    );
  });

  it("quantity: the spec's messages for not numeric and not whole, a clear one outside 1–9999", async () => {
    const item = { itemId: FIXTURE.tote.itemId, sku: FIXTURE.tote.sku, additionalFields: null };
    const notNumber = { code: 'QUANTITY_NOT_A_NUMBER', message: 'Quantity must be a number.' };
    const notWhole = { code: 'QUANTITY_NOT_WHOLE', message: 'Quantity must be a whole number' };
    const range = {
      code: 'QUANTITY_OUT_OF_RANGE',
      message: 'Quantity must be between 1 and 9999.',
    };
    for (const quantity of ['two', '', null, true, [1], { n: 1 }])
      await expectRefusal({ ...item, quantity }, 400, notNumber);
    for (const quantity of [1.5, '2.5', -0.5])
      await expectRefusal({ ...item, quantity }, 400, notWhole);
    for (const quantity of [0, -1, 10_000, 1e20, Number.MAX_SAFE_INTEGER + 2])
      await expectRefusal({ ...item, quantity }, 400, range);
  });

  it('a merged entry above 9999 is out of range, even when stock is unlimited', async () => {
    expect((await add({ itemId: FIXTURE.tote.itemId, sku: null, quantity: 9000 })).statusCode).toBe(
      200,
    );
    before = await snapshotCartTables(harness.database.db);
    await expectRefusal({ itemId: FIXTURE.tote.itemId, sku: null, quantity: 1000 }, 400, {
      code: 'QUANTITY_OUT_OF_RANGE',
    });
  });

  it('PAYWALL and unknown product types are not purchasable through the cart', async () => {
    const refused = {
      code: 'ITEM_NOT_PURCHASABLE',
      message: 'Sorry, this item cannot be purchased through the cart.',
    };
    await expectRefusal({ itemId: FIXTURE.paywall.itemId, sku: null, quantity: 1 }, 400, refused);
    await expectRefusal(
      { itemId: FIXTURE.unknownType.itemId, sku: null, quantity: 1 },
      400,
      refused,
    );
    await expectRefusal(
      { itemId: FIXTURE.paywall.itemId, sku: null, quantity: 1 },
      400,
      refused,
      '?isExpress=true',
    );
  });

  it('subscribable products go through the subscription endpoint', async () => {
    await expectRefusal({ itemId: FIXTURE.subscription.itemId, sku: null, quantity: 1 }, 400, {
      code: 'SUBSCRIPTION_ONLY',
      message:
        'This item is sold as a subscription: use Subscribe to buy it, it cannot be added to the cart.',
    });
  });

  it("a gift card without a denomination: the spec's message", async () => {
    await expectRefusal({ itemId: FIXTURE.giftCard.itemId, sku: null, quantity: 1 }, 400, {
      code: 'GIFT_CARD_DENOMINATION_REQUIRED',
      message: 'Select a denomination for the Gift Card',
    });
  });

  it('additionalFields that is not a JSON object: 400', async () => {
    for (const additionalFields of ['{oops', '[1]', '"text"']) {
      await expectRefusal(
        { itemId: FIXTURE.pen.itemId, sku: null, quantity: 1, additionalFields },
        400,
        {
          code: 'ADDITIONAL_FIELDS_NOT_JSON',
        },
      );
    }
  });

  it('a product with an extra-fields form needs its answers, validated by the form rules, errors keyed by field id', async () => {
    const incomplete = {
      code: 'ADDITIONAL_FIELDS_INVALID',
      message: "Please complete this item's form before adding it to the cart.",
    };
    await expectRefusal(
      { itemId: FIXTURE.pen.itemId, sku: null, quantity: 1, additionalFields: null },
      400,
      {
        ...incomplete,
        fields: { engraving: 'Required' },
      },
    );
    await expectRefusal(
      { itemId: FIXTURE.pen.itemId, sku: null, quantity: 1, additionalFields: '{"engraving":""}' },
      400,
      {
        fields: { engraving: 'Required' },
      },
    );
    await expectRefusal(
      {
        itemId: FIXTURE.pen.itemId,
        sku: null,
        quantity: 1,
        additionalFields: JSON.stringify({ engraving: 'x'.repeat(21) }),
      },
      400,
      {
        fields: { engraving: 'You have exceeded the character limit.' },
      },
    );
    await expectRefusal(
      {
        itemId: FIXTURE.pen.itemId,
        sku: null,
        quantity: 1,
        additionalFields: JSON.stringify({ engraving: 'A', wrap: 'Maybe' }),
      },
      400,
      {
        fields: { wrap: expect.stringContaining('Maybe') },
      },
    );
  });

  it('bad bodies: malformed JSON, wrong types, missing itemId, no body', async () => {
    const malformed = await visitor.inject({
      method: 'POST',
      url: ENTRIES,
      headers: { 'content-type': 'application/json' },
      payload: '{"itemId":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('INVALID_JSON');
    await expectRefusal({ itemId: 42, sku: FIXTURE.shirt.skuM, quantity: 1 }, 400, {
      code: 'VALIDATION_FAILED',
      fields: { itemId: expect.any(String) },
    });
    await expectRefusal({ sku: FIXTURE.shirt.skuM, quantity: 1 }, 400, {
      code: 'VALIDATION_FAILED',
      fields: { itemId: expect.any(String) },
    });
    await expectRefusal({ itemId: FIXTURE.shirt.itemId, sku: 7, quantity: 1 }, 400, {
      fields: { sku: expect.any(String) },
    });
    await expectRefusal(
      { itemId: FIXTURE.pen.itemId, quantity: 1, additionalFields: { engraving: 'A' } },
      400,
      { fields: { additionalFields: expect.any(String) } },
    );
    await expectRefusal([1, 2], 400, { code: 'VALIDATION_FAILED' });
    await expectRefusal(
      { itemId: FIXTURE.tote.itemId },
      400,
      { code: 'VALIDATION_FAILED', fields: { isExpress: expect.any(String) } },
      '?isExpress=yes',
    );
    const empty = await visitor.inject({ method: 'POST', url: ENTRIES });
    expect(empty.statusCode).toBe(400);
    expect(await snapshotCartTables(harness.database.db)).toEqual(before);
  });

  it('a missing or wrong CSRF token: 403', async () => {
    const payload = { itemId: FIXTURE.tote.itemId, sku: null, quantity: 1 };
    const missing = await visitor.inject({ method: 'POST', url: ENTRIES, payload, csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error).toEqual({
      code: 'SESSION_EXPIRED',
      message: 'Your session has expired. Please reload the page and try again.',
    });
    const wrong = await visitor.inject({
      method: 'POST',
      url: ENTRIES,
      payload,
      csrf: false,
      headers: { 'x-csrf-token': 'forged' },
    });
    expect(wrong.statusCode).toBe(403);
    const noCookies = await harness.app.inject({ method: 'POST', url: ENTRIES, payload });
    expect(noCookies.json().error.code).toBe('COOKIES_DISABLED');
    expect(await snapshotCartTables(harness.database.db)).toEqual(before);
  });
});
