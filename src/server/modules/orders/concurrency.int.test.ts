/**
 * Real PostgreSQL: many shoppers racing for the last units. Each shopper has a cart of their
 * own holding one unit and comes from an IP of their own (a crowd, not one client), so no
 * answer is a rate limit: every request is a 201 or the spec's stock 409.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { schema } from '../../db/index.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { describeWithPostgres } from '../../../../test/helpers/db.ts';
import {
  addCheckoutProducts,
  createCart,
  ITEMS,
  setCheckoutSettings,
  shopper,
  stockOf,
} from '../../../../test/helpers/checkout-fixtures.ts';

const SHOPPERS = 200;
const UNITS = 10;
const ROUNDS = 5;
const NY = {
  name: 'Ada',
  line1: '1 Water St',
  city: 'Brooklyn',
  region: 'NY',
  postalCode: '11201',
  country: 'US',
};

describeWithPostgres('checkout under contention', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
    await setCheckoutSettings(harness.database.db);
    await addCheckoutProducts(harness.database.db);
  });
  afterAll(() => harness.close());

  it.each(Array.from({ length: ROUNDS }, (_, round) => round + 1))(
    `round %i: ${SHOPPERS} checkouts for the last ${UNITS} units make exactly ${UNITS} orders`,
    async (round) => {
      const { db } = harness.database;
      await db
        .update(schema.variants)
        .set({ qtyInStock: UNITS })
        .where(eq(schema.variants.id, ITEMS.scarce.variantId));
      const shoppers = await Promise.all(
        Array.from({ length: SHOPPERS }, async (_, i) => {
          const { token } = await createCart(db, [{ item: ITEMS.scarce, quantity: 1 }]);
          return shopper(harness.app, token, `10.${round}.${Math.floor(i / 250)}.${(i % 250) + 1}`);
        }),
      );
      const responses = await Promise.all(
        shoppers.map((visitor, i) =>
          visitor.inject({
            method: 'POST',
            url: '/api/commerce/orders',
            headers: { 'idempotency-key': `round-${round}-shopper-${i}` },
            payload: {
              email: `shopper${i}@example.com`,
              shippingAddress: NY,
              payment: { provider: 'test', token: 'success' },
            },
          }),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(UNITS);
      expect(statuses.filter((s) => s === 409)).toHaveLength(SHOPPERS - UNITS);
      for (const refused of responses.filter((r) => r.statusCode === 409)) {
        expect(refused.json()).toEqual({
          error: {
            code: 'INSUFFICIENT_STOCK',
            message: 'Sorry, we do not have enough of that item available.',
          },
        });
      }
      expect(await stockOf(db, ITEMS.scarce.variantId)).toBe(0);
    },
  );

  it('the same key twice at once makes one order', async () => {
    const { db } = harness.database;
    const { token, cartId } = await createCart(db, [{ item: ITEMS.ebook, quantity: 1 }]);
    const visitor = await shopper(harness.app, token);
    const send = () =>
      visitor.inject({
        method: 'POST',
        url: '/api/commerce/orders',
        headers: { 'idempotency-key': 'same-key-twice' },
        payload: { email: 'twice@example.com', payment: { provider: 'test', token: 'success' } },
      });
    const responses = await Promise.all([send(), send(), send(), send()]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    const ids = new Set(responses.map((r) => r.json<{ order: { id: string } }>().order.id));
    expect(ids.size).toBe(1);
    expect(
      await db.select().from(schema.orders).where(eq(schema.orders.cartId, cartId)),
    ).toHaveLength(1);
  });
});
