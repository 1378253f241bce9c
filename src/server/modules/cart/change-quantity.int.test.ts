/** PUT /api/vitrine/cart/entries/{entryId}/quantity through the real app. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCartFixtures,
  FIXTURE,
  snapshotCartTables,
} from '../../../../test/helpers/cart-fixtures.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { setStock } from '../catalog/stock.ts';

let harness: TestApp;
let visitor: Visitor;
let shirtEntry: string;

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 100_000, timeWindowMs: 60_000 } });
  await addCartFixtures(harness.database.db);
});
afterAll(() => harness.close());

async function addItem(who: Visitor, payload: object): Promise<string> {
  const response = await who.inject({
    method: 'POST',
    url: '/api/commerce/shopping-cart/entries',
    payload,
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json<{ newlyAdded: { id: string } }>().newlyAdded.id;
}

beforeEach(async () => {
  await setStock(harness.database.db, 'linen-shirt-m-sand', { qtyInStock: 3 });
  visitor = await newVisitor(harness.app);
  shirtEntry = await addItem(visitor, {
    itemId: FIXTURE.shirt.itemId,
    sku: FIXTURE.shirt.skuM,
    quantity: 1,
  });
  await addItem(visitor, { itemId: FIXTURE.notebook.itemId, quantity: 2 });
});

const put = (entryId: string, payload: unknown, who: Visitor = visitor) =>
  who.inject({
    method: 'PUT',
    url: `/api/vitrine/cart/entries/${entryId}/quantity`,
    payload: payload as object,
  });

describe('changing a quantity', () => {
  it('sets the quantity and answers { shoppingCart, updatedEntry } with totals recomputed', async () => {
    const response = await put(shirtEntry, { quantity: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.updatedEntry).toMatchObject({ id: shirtEntry, quantity: 3, subTotal: 3 * 6800 });
    expect(body.shoppingCart).toMatchObject({
      totalQuantity: 5,
      subtotalCents: 3 * 6800 + 2 * 1800,
    });
    const lower = await put(shirtEntry, { quantity: '1' });
    expect(lower.json().shoppingCart.totalQuantity).toBe(3);
  });

  it('always lets a shopper lower a quantity, even below what is now in stock', async () => {
    await put(shirtEntry, { quantity: 3 });
    await setStock(harness.database.db, 'linen-shirt-m-sand', { qtyInStock: 1 });
    expect((await put(shirtEntry, { quantity: 2 })).statusCode).toBe(200);
    const more = await put(shirtEntry, { quantity: 3 });
    expect(more.statusCode).toBe(409);
  });

  it("refuses more than in stock with the spec's message, changing nothing", async () => {
    const before = await snapshotCartTables(harness.database.db);
    const response = await put(shirtEntry, { quantity: 4 });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'INSUFFICIENT_STOCK',
      message: 'Sorry, we do not have enough of that item available.',
    });
    expect(await snapshotCartTables(harness.database.db)).toEqual(before);
  });

  it("refuses bad quantities with the spec's messages, changing nothing", async () => {
    const before = await snapshotCartTables(harness.database.db);
    const cases: [unknown, number, string][] = [
      [{ quantity: 'lots' }, 400, 'Quantity must be a number.'],
      [{ quantity: { n: 2 } }, 400, 'Quantity must be a number.'],
      [{ quantity: null }, 400, 'Quantity must be a number.'],
      [{}, 400, 'Quantity must be a number.'],
      [{ quantity: 2.5 }, 400, 'Quantity must be a whole number'],
      [{ quantity: 0 }, 400, 'Quantity must be between 1 and 9999.'],
      [{ quantity: -3 }, 400, 'Quantity must be between 1 and 9999.'],
      [{ quantity: 1e12 }, 400, 'Quantity must be between 1 and 9999.'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await put(shirtEntry, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error.message).toBe(message);
    }
    const malformed = await visitor.inject({
      method: 'PUT',
      url: `/api/vitrine/cart/entries/${shirtEntry}/quantity`,
      headers: { 'content-type': 'application/json' },
      payload: '{"quantity":',
    });
    expect(malformed.json().error.code).toBe('INVALID_JSON');
    expect(await snapshotCartTables(harness.database.db)).toEqual(before);
  });

  it("answers 404 for unknown entries and for another shopper's entry", async () => {
    const before = await snapshotCartTables(harness.database.db);
    expect((await put('no-such-entry', { quantity: 1 })).json().error).toEqual({
      code: 'CART_ENTRY_NOT_FOUND',
      message: 'That item is no longer in your cart.',
    });
    const stranger = await newVisitor(harness.app);
    expect((await put(shirtEntry, { quantity: 2 }, stranger)).statusCode).toBe(404);
    await addItem(stranger, { itemId: FIXTURE.tote.itemId });
    expect((await put(shirtEntry, { quantity: 2 }, stranger)).statusCode).toBe(404);
    expect(
      (await snapshotCartTables(harness.database.db)).entries.filter(
        (entry) => entry.id === shirtEntry,
      ),
    ).toEqual(before.entries.filter((entry) => entry.id === shirtEntry));
  });

  it('keeps a digital product at one', async () => {
    const ebook = await addItem(visitor, { itemId: FIXTURE.ebook.itemId });
    const response = await put(ebook, { quantity: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('DIGITAL_QUANTITY_LIMIT');
  });

  it('needs the CSRF token', async () => {
    const response = await visitor.inject({
      method: 'PUT',
      url: `/api/vitrine/cart/entries/${shirtEntry}/quantity`,
      payload: { quantity: 2 },
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
  });
});
