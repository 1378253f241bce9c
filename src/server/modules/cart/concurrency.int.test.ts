/**
 * Concurrent adds on real PostgreSQL (row locks need real connections; PGlite has one). Many
 * carts race for a variant with 10 in stock, each cart sending several adds at once: each add
 * runs under its cart's row lock, so adds to one cart take turns and no cart ever ends up holding
 * more than the stock, and the only refusal anyone sees is the spec's stock message. Different
 * carts never wait for each other: the variant is read, not locked (a flash sale's adds run side
 * by side; checkout's conditional UPDATE decides who gets the last units).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { addCartFixtures, FIXTURE } from '../../../../test/helpers/cart-fixtures.ts';
import { describeWithPostgres } from '../../../../test/helpers/db.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { schema } from '../../db/index.ts';
import { setStock } from '../catalog/stock.ts';

const CARTS = 50;
const STOCK = 10;
const VARIANT_ID = 'field-notebook-default';
const ENTRIES = '/api/commerce/shopping-cart/entries';

describeWithPostgres('concurrent adds to cart (PostgreSQL)', () => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await createTestApp({ rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } });
    await addCartFixtures(harness.database.db);
  });
  afterAll(() => harness.close());

  /** CARTS visitors, each with a cart already (so their racing adds share it). */
  async function shoppersWithCarts(): Promise<Visitor[]> {
    return Promise.all(
      Array.from({ length: CARTS }, async () => {
        const visitor = await newVisitor(harness.app);
        const response = await visitor.inject({
          method: 'POST',
          url: ENTRIES,
          payload: { itemId: FIXTURE.tote.itemId },
        });
        expect(response.statusCode).toBe(200);
        return visitor;
      }),
    );
  }

  async function notebooksIn(visitor: Visitor): Promise<number> {
    const cart = (await visitor.inject({ url: '/api/commerce/shopping-cart' })).json<{
      entries: { itemId: string; quantity: number }[];
    }>();
    return cart.entries
      .filter((entry) => entry.itemId === FIXTURE.notebook.itemId)
      .reduce((sum, entry) => sum + entry.quantity, 0);
  }

  it.each([
    { adds: 2, quantity: 6, succeed: 1, name: '2 simultaneous adds of 6 per cart: one passes' },
    { adds: 1, quantity: 11, succeed: 0, name: 'an add of 11 per cart: none passes' },
    { adds: 2, quantity: 5, succeed: 2, name: '2 simultaneous adds of 5 per cart: both pass' },
  ])(
    '50 carts, 10 in stock, $name; every other answer is the stock message',
    async ({ adds, quantity, succeed }) => {
      await setStock(harness.database.db, VARIANT_ID, { qtyInStock: STOCK, unlimited: false });
      const visitors = await shoppersWithCarts();
      const responses = await Promise.all(
        visitors.flatMap((visitor) =>
          Array.from({ length: adds }, () =>
            visitor.inject({
              method: 'POST',
              url: ENTRIES,
              payload: { itemId: FIXTURE.notebook.itemId, sku: null, quantity },
            }),
          ),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      const odd = responses.filter(
        (response) => response.statusCode !== 200 && response.statusCode !== 409,
      );
      expect(odd.map((response) => `${response.statusCode} ${response.body}`).slice(0, 3)).toEqual(
        [],
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(CARTS * succeed);
      const refused = responses.filter((response) => response.statusCode !== 200);
      expect(refused).toHaveLength(CARTS * (adds - succeed));
      for (const response of refused) {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          error: {
            code: 'INSUFFICIENT_STOCK',
            message: 'Sorry, we do not have enough of that item available.',
          },
        });
      }
      const held = await Promise.all(visitors.map(notebooksIn));
      expect(held).toEqual(Array.from({ length: CARTS }, () => succeed * quantity));
      expect(Math.max(...held)).toBeLessThanOrEqual(STOCK);
      // Adding reserves nothing: the stock is taken at checkout.
      const [variant] = await harness.database.db
        .select()
        .from(schema.variants)
        .where(eq(schema.variants.id, VARIANT_ID));
      expect(variant?.qtyInStock).toBe(STOCK);
    },
  );

  it('300 shoppers adding the last units at once are all answered 200: carts do not queue on the variant', async () => {
    await setStock(harness.database.db, VARIANT_ID, { qtyInStock: STOCK, unlimited: false });
    const visitors = await Promise.all(Array.from({ length: 300 }, () => newVisitor(harness.app)));
    const responses = await Promise.all(
      visitors.map((visitor) =>
        visitor.inject({
          method: 'POST',
          url: ENTRIES,
          payload: { itemId: FIXTURE.notebook.itemId, quantity: 1 },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(
      Array.from({ length: 300 }, () => 200),
    );
  });

  it('a stock change racing with adds never lets a cart past the stock it was checked against', async () => {
    await setStock(harness.database.db, VARIANT_ID, { qtyInStock: STOCK, unlimited: false });
    const visitors = await shoppersWithCarts();
    // Adds of 5 race with the owner lowering the stock to 4: each add either ran before the
    // change (and holds 5) or after it (and is refused); none holds more than it was allowed.
    const adds = visitors.map((visitor) =>
      visitor.inject({
        method: 'POST',
        url: ENTRIES,
        payload: { itemId: FIXTURE.notebook.itemId, quantity: 5 },
      }),
    );
    const lowering = harness.database.withTransaction(async (tx) => {
      await setStock(tx, VARIANT_ID, { qtyInStock: 4 });
    });
    const [responses] = await Promise.all([Promise.all(adds), lowering]);
    for (const response of responses) expect([200, 409]).toContain(response.statusCode);
    const held = await Promise.all(visitors.map(notebooksIn));
    expect(held.every((quantity) => quantity === 0 || quantity === 5)).toBe(true);
  });
});
