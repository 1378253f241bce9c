/** DELETE /api/vitrine/cart/entries/{entryId} through the real app. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCartFixtures,
  FIXTURE,
  snapshotCartTables,
} from '../../../../test/helpers/cart-fixtures.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';

let harness: TestApp;

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

const remove = (who: Visitor, entryId: string, csrf = true) =>
  who.inject({ method: 'DELETE', url: `/api/vitrine/cart/entries/${entryId}`, csrf });

describe('removing an entry', () => {
  it('removes it and answers the rebuilt cart and the entry as it was', async () => {
    const visitor = await newVisitor(harness.app);
    const shirt = await addItem(visitor, {
      itemId: FIXTURE.shirt.itemId,
      sku: FIXTURE.shirt.skuS,
      quantity: 2,
    });
    await addItem(visitor, { itemId: FIXTURE.notebook.itemId, quantity: 1 });
    const response = await remove(visitor, shirt);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.removedEntry).toMatchObject({ id: shirt, itemId: 'linen-shirt', quantity: 2 });
    expect(body.shoppingCart).toMatchObject({ totalQuantity: 1, subtotalCents: 1800 });
    expect(body.shoppingCart.entries.map((entry: { itemId: string }) => entry.itemId)).toEqual([
      'field-notebook',
    ]);
    // Removing it again: it is no longer in the cart.
    expect((await remove(visitor, shirt)).statusCode).toBe(404);
  });

  it('an emptied cart keeps its cookie and answers zero totals', async () => {
    const visitor = await newVisitor(harness.app);
    const entry = await addItem(visitor, { itemId: FIXTURE.tote.itemId });
    const response = await remove(visitor, entry);
    expect(response.json().shoppingCart).toMatchObject({
      entries: [],
      totalQuantity: 0,
      subtotalCents: 0,
      grandTotalCents: 0,
    });
    expect(visitor.cookies.has('vitrine-cart-token')).toBe(true);
  });

  it("refuses unknown entries, another shopper's entry and a missing CSRF token, changing nothing", async () => {
    const owner = await newVisitor(harness.app);
    const entry = await addItem(owner, { itemId: FIXTURE.tote.itemId });
    const stranger = await newVisitor(harness.app);
    await addItem(stranger, { itemId: FIXTURE.tote.itemId });
    const before = await snapshotCartTables(harness.database.db);
    expect((await remove(owner, 'nope')).statusCode).toBe(404);
    // Fastify refuses path parameters over 100 characters itself.
    expect((await remove(owner, 'x'.repeat(300))).statusCode).toBe(414);
    expect((await remove(stranger, entry)).json().error.code).toBe('CART_ENTRY_NOT_FOUND');
    expect((await remove(owner, entry, false)).statusCode).toBe(403);
    expect(await snapshotCartTables(harness.database.db)).toEqual(before);
  });
});
