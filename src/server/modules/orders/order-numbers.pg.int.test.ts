/**
 * Real PostgreSQL: order numbers and owner refunds under concurrency. Shoppers on their own
 * carts (and IPs) check out at once: every order gets a number, no two share one and there
 * is no gap. Then several refunds of one order race: together they never give back more than
 * was paid.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCheckoutProducts,
  createCart,
  ITEMS,
  setCheckoutSettings,
  shopper,
} from '../../../../test/helpers/checkout-fixtures.ts';
import { describeWithPostgres } from '../../../../test/helpers/db.ts';
import { ownerAction } from '../../../../test/helpers/order-fixtures.ts';
import { loginOwner } from '../../../../test/helpers/site-users.ts';
import { WEBSITE_ROLES } from '../../../shared/roles.ts';
import { schema } from '../../db/index.ts';

const SHOPPERS = 40;
const REFUNDS = 8;

describeWithPostgres('order numbers and refunds under concurrency', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
    await setCheckoutSettings(harness.database.db);
    await addCheckoutProducts(harness.database.db);
  });
  afterAll(() => harness.close());

  it('numbers concurrent orders 1001… without duplicates or gaps', async () => {
    const visitors = await Promise.all(
      Array.from({ length: SHOPPERS }, async (_, i) => {
        const { token } = await createCart(harness.database.db, [
          { item: ITEMS.ebook, quantity: 1 },
        ]);
        return shopper(harness.app, token, `10.1.${Math.floor(i / 200)}.${i % 200}`);
      }),
    );
    const responses = await Promise.all(
      visitors.map((visitor, i) =>
        visitor.inject({
          method: 'POST',
          url: '/api/commerce/orders',
          headers: { 'idempotency-key': `number-race-${i}` },
          payload: { email: `n${i}@example.com`, payment: { provider: 'test', token: 'success' } },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 201));
    const numbers = responses
      .map((r) => r.json<{ order: { number: number } }>().order.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: SHOPPERS }, (_, i) => 1001 + i));
    const rows = await harness.database.db.select({ id: schema.orders.id }).from(schema.orders);
    const [counter] = await harness.database.db.select().from(schema.orderNumberCounters);
    expect(counter?.lastNumber).toBe(1000 + SHOPPERS);
    expect(rows).toHaveLength(SHOPPERS);
  });

  it('racing refunds of one order never give back more than was paid', async () => {
    const [order] = await harness.database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.number, 1001));
    if (!order) throw new Error('no order 1001');
    const owner = await loginOwner(
      harness.app,
      harness.database.db,
      'race@example.com',
      WEBSITE_ROLES.STORE_MANAGER,
    );
    const share = Math.ceil(order.amountPaidCents / (REFUNDS - 2));
    const responses = await Promise.all(
      Array.from({ length: REFUNDS }, (_, i) =>
        ownerAction(owner, order.id, 'refunds', { amount: share }, `race-refund-${i}`),
      ),
    );
    const ok = responses.filter((r) => r.statusCode === 201).length;
    const refused = responses.filter((r) => r.statusCode === 409).length;
    expect(ok + refused).toBe(REFUNDS);
    const [after] = await harness.database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, order.id));
    expect(after?.refundedCents).toBe(ok * share);
    expect(after?.refundedCents).toBeLessThanOrEqual(order.amountPaidCents);
    expect(ok).toBe(Math.floor(order.amountPaidCents / share));
  });
});
