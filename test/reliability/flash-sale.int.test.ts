/**
 * Flash sale on real PostgreSQL: 200 buyers at once for the last 10 units, each through the
 * whole purchase (a session, add to cart, checkout with an Idempotency-Key), round after round.
 * Every round sells exactly 10 units in 10 orders, stock never goes below 0, and every buyer who
 * got nothing was told the spec's stock message, at the add or at the checkout.
 * Short: 3 rounds; `npm run test:soak`: RELIABILITY_ROUNDS (100).
 */
import { count, eq, lt, sum } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERRORS } from '../../src/shared/errors.ts';
import { schema } from '../../src/server/db/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { ITEMS, stockOf } from '../helpers/checkout-fixtures.ts';
import { describeWithPostgres } from '../helpers/db.ts';
import { orderBody, SCARCE } from '../helpers/http-shopper.ts';
import { newVisitor } from '../helpers/session.ts';
import { reliabilityRounds } from '../helpers/soak.ts';
import { prepareStore, setStock } from '../helpers/store-audit.ts';

const BUYERS = 200;
const UNITS = 10;
const ROUNDS = reliabilityRounds(3);
const SOLD_OUT = {
  error: { code: 'INSUFFICIENT_STOCK', message: ERRORS.INSUFFICIENT_STOCK.message },
};

type Outcome = { kind: 'ordered'; orderId: string } | { kind: 'refused'; at: 'add' | 'checkout' };

describeWithPostgres(`flash sale: ${BUYERS} buyers for the last ${UNITS} units`, () => {
  let harness: TestApp;
  beforeAll(async () => {
    // Each buyer comes from an address of their own (the per-IP order limit is not under test);
    // the session GETs come from the injector's one address, so the global limit is lifted.
    harness = await createTestApp({
      importDemo: false,
      rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
    });
    await prepareStore(harness.database, UNITS);
  }, 120_000);
  afterAll(() => harness.close());

  async function buy(round: number, buyer: number): Promise<Outcome> {
    // Arrivals spread over a second, overlapping: early buyers may have sold the
    // units out before late ones add to their carts, so both refusals (add, checkout) happen.
    await new Promise((resolve) => setTimeout(resolve, (buyer % 50) * 20));
    const visitor = await newVisitor(harness.app);
    const remoteAddress = `10.${round % 250}.${Math.floor(buyer / 250)}.${(buyer % 250) + 1}`;
    const added = await visitor.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      remoteAddress,
      payload: { itemId: SCARCE.itemId, sku: SCARCE.sku, quantity: 1 },
    });
    if (added.statusCode !== 200) {
      expect({ status: added.statusCode, body: added.json<unknown>() }).toEqual({
        status: 409,
        body: SOLD_OUT,
      });
      return { kind: 'refused', at: 'add' };
    }
    const placed = await visitor.inject({
      method: 'POST',
      url: '/api/commerce/orders',
      remoteAddress,
      headers: { 'idempotency-key': `flash-${round}-${buyer}` },
      payload: orderBody(`buyer${buyer}@example.com`),
    });
    if (placed.statusCode === 201) {
      return { kind: 'ordered', orderId: placed.json<{ order: { id: string } }>().order.id };
    }
    expect({ status: placed.statusCode, body: placed.json<unknown>() }).toEqual({
      status: 409,
      body: SOLD_OUT,
    });
    return { kind: 'refused', at: 'checkout' };
  }

  it(
    `${ROUNDS} rounds: exactly ${UNITS} orders each, 0 oversold, 0 negative stock, every other buyer told why`,
    async () => {
      const { db } = harness.database;
      const { orders, orderLines, variants } = schema;
      const refusedAt = { add: 0, checkout: 0 };
      for (let round = 1; round <= ROUNDS; round += 1) {
        await setStock(db, ITEMS.scarce.variantId, UNITS);
        const outcomes = await Promise.all(
          Array.from({ length: BUYERS }, (_, buyer) => buy(round, buyer)),
        );
        const ordered = outcomes.flatMap((o) => (o.kind === 'ordered' ? [o.orderId] : []));
        for (const outcome of outcomes) if (outcome.kind === 'refused') refusedAt[outcome.at] += 1;

        expect(ordered, `round ${round}`).toHaveLength(UNITS);
        expect(await stockOf(db, ITEMS.scarce.variantId), `round ${round}`).toBe(0);
        const [units] = await db
          .select({ sold: sum(orderLines.quantity), orders: count() })
          .from(orderLines)
          .where(eq(orderLines.variantId, ITEMS.scarce.variantId));
        expect(Number(units?.sold), `round ${round}: units sold so far`).toBe(UNITS * round);
        expect(units?.orders, `round ${round}: order lines so far`).toBe(UNITS * round);
      }
      const [negative] = await db
        .select({ n: count() })
        .from(variants)
        .where(lt(variants.qtyInStock, 0));
      expect(negative?.n).toBe(0);
      // The store sells nothing else: every order in the database is one of the sale's.
      const [allOrders] = await db.select({ n: count() }).from(orders);
      expect(allOrders?.n).toBe(UNITS * ROUNDS);
      console.info(
        `flash sale: ${ROUNDS} rounds × ${BUYERS} buyers, ${UNITS * ROUNDS} orders; ` +
          `refused at add ${refusedAt.add}, at checkout ${refusedAt.checkout}`,
      );
    },
    30_000 + ROUNDS * 20_000,
  );
});
