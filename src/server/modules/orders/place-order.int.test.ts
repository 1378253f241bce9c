/**
 * Races between the pre-checks and the transaction, made deterministic: the payment provider's
 * charge (which runs between them) changes the database the way a concurrent shopper would.
 * Every such checkout must fail with nothing written and the charge refunded.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRequest } from '../../../shared/checkout/requests.ts';
import { schema } from '../../db/index.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCheckoutProducts,
  createCart,
  issueGiftCard,
  ITEMS,
  orderTablesSnapshot,
  setCheckoutSettings,
  stockOf,
} from '../../../../test/helpers/checkout-fixtures.ts';
import { createMailer } from '../mail/mailer.ts';
import { createPaymentProviders, createTestPaymentProvider } from '../payments/index.ts';
import { placeOrder } from './place-order.ts';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
  await setCheckoutSettings(harness.database.db);
  await addCheckoutProducts(harness.database.db);
});
afterAll(() => harness.close());

const NY = {
  name: 'Ada',
  line1: '1 Water St',
  city: 'Brooklyn',
  region: 'NY',
  postalCode: '11201',
  country: 'US',
};
const silent = { warn: () => undefined, error: () => undefined };

async function checkoutWhile(sideEffect: () => Promise<void>, token: string, extra: object = {}) {
  const provider = createTestPaymentProvider();
  const charge = provider.charge.bind(provider);
  provider.charge = async (request) => {
    const result = await charge(request);
    await sideEffect();
    return result;
  };
  const [row] = await harness.database.db.select().from(schema.sites);
  if (!row) throw new Error('no site');
  const site = { id: row.id, title: row.title, currency: 'USD', timeZone: 'America/New_York' };
  const attempt = placeOrder(
    {
      database: harness.database,
      payments: createPaymentProviders([provider]),
      mailer: createMailer({ database: harness.database }),
      now: () => new Date(),
      log: silent,
      stockChanged: () => undefined,
    },
    {
      site,
      cartToken: token,
      idempotencyKey: `race-${token}`,
      body: orderRequest.parse({
        email: 'race@example.com',
        shippingAddress: NY,
        payment: { provider: 'test', token: 'success' },
        ...extra,
      }),
    },
  );
  return { attempt, provider };
}

describe('placeOrder when the world changes during the charge', () => {
  it('stock sold meanwhile: 409, nothing written, charge refunded', async () => {
    const { db } = harness.database;
    const { token } = await createCart(db, [{ item: ITEMS.scarce, quantity: 2 }]);
    const snapshot = await orderTablesSnapshot(db);
    const before = await stockOf(db, ITEMS.scarce.variantId);
    const { attempt, provider } = await checkoutWhile(async () => {
      await db
        .update(schema.variants)
        .set({ qtyInStock: 1 })
        .where(eq(schema.variants.id, ITEMS.scarce.variantId));
    }, token);
    await expect(attempt).rejects.toMatchObject({ code: 'INSUFFICIENT_STOCK', status: 409 });
    expect([...provider.charges.values()].map((c) => c.refunded)).toEqual([true]);
    expect(await stockOf(db, ITEMS.scarce.variantId)).toBe(1);
    await db
      .update(schema.variants)
      .set({ qtyInStock: before })
      .where(eq(schema.variants.id, ITEMS.scarce.variantId));
    expect(await orderTablesSnapshot(db)).toEqual(snapshot);
  });

  it('cart changed meanwhile: 409 CHECKOUT_CHANGED, charge refunded', async () => {
    const { db } = harness.database;
    const { token, cartId } = await createCart(db, [{ item: ITEMS.notebook, quantity: 1 }]);
    const { attempt, provider } = await checkoutWhile(async () => {
      await db
        .update(schema.cartEntries)
        .set({ quantity: 2 })
        .where(eq(schema.cartEntries.cartId, cartId));
    }, token);
    await expect(attempt).rejects.toMatchObject({ code: 'CHECKOUT_CHANGED', status: 409 });
    expect([...provider.charges.values()].map((c) => c.refunded)).toEqual([true]);
    const [cart] = await db.select().from(schema.carts).where(eq(schema.carts.id, cartId));
    expect(cart?.isPurchased).toBe(false);
  });

  it('gift card spent meanwhile: 409 CHECKOUT_CHANGED, the card never goes below 0', async () => {
    const { db } = harness.database;
    const id = await issueGiftCard(db, 'RACECARD23456789ABCD', 500);
    const { token } = await createCart(db, [{ item: ITEMS.notebook, quantity: 1 }]);
    const { attempt, provider } = await checkoutWhile(
      async () => {
        await db
          .update(schema.giftCards)
          .set({ balanceCents: 100 })
          .where(eq(schema.giftCards.id, id));
      },
      token,
      { giftCardCodes: ['RACECARD23456789ABCD'] },
    );
    await expect(attempt).rejects.toMatchObject({ code: 'CHECKOUT_CHANGED' });
    expect([...provider.charges.values()].map((c) => c.refunded)).toEqual([true]);
    const [card] = await db.select().from(schema.giftCards).where(eq(schema.giftCards.id, id));
    expect(card?.balanceCents).toBe(100);
  });

  it('the database refuses a balance below 0 or stock below 0 whatever the code does', async () => {
    const { db } = harness.database;
    const id = await issueGiftCard(db, 'CHECKCARD23456789ABC', 500);
    await expect(
      db.update(schema.giftCards).set({ balanceCents: -1 }).where(eq(schema.giftCards.id, id)),
    ).rejects.toThrow();
    await expect(
      db
        .update(schema.variants)
        .set({ qtyInStock: -1 })
        .where(eq(schema.variants.id, ITEMS.scarce.variantId)),
    ).rejects.toThrow();
  });
});
