/**
 * Buying through the demo store in Chromium, with JavaScript on, the way a shopper does: from
 * the product page through the cart and checkout to the confirmation, with shipping, tax and a
 * coupon; a declined test card; a double-clicked 'Place order'; a gift card bought for someone
 * and then spent on a second order; a subscription started. Every journey is checked in the
 * database as well as on the page.
 */
import { and, count, eq, or, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { addShirt, applyCode, fillAddress } from '../helpers/checkout-form.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const store = useStore();

const shopper = () => newVisitor(store.browser);

interface CheckoutDetails {
  readonly email: string;
  readonly region?: string;
  readonly coupon?: string;
  readonly giftCard?: string;
  readonly payment?: 'Success' | 'Decline' | 'Error';
}

/** Fills the checkout form (the address when the cart ships) and chooses the test payment. */
async function fillCheckout(page: Page, details: CheckoutDetails): Promise<void> {
  await page.getByLabel('Email').fill(details.email);
  if ((await page.getByLabel('Address line 1').count()) > 0)
    await fillAddress(page, details.region ?? 'NY');
  if (details.coupon) await applyCode(page, 'Coupon code', details.coupon);
  if (details.giftCard) await applyCode(page, 'Gift card code', details.giftCard);
  await page.getByRole('radio', { name: details.payment ?? 'Success' }).check();
}

async function ordersOf(email: string) {
  return store.harness.database.db
    .select()
    .from(schema.orders)
    .where(eq(schema.orders.email, email));
}

/** The checkout confirmed and purchase events the server stored for an order. */
async function eventsOf(orderId: string) {
  const { analyticsEvents } = schema;
  return store.harness.database.db
    .select({
      source: analyticsEvents.source,
      eventName: analyticsEvents.eventName,
      data: analyticsEvents.data,
    })
    .from(analyticsEvents)
    .where(
      and(
        eq(analyticsEvents.kind, 'purchase'),
        or(
          sql`${analyticsEvents.data}->>'orderId' = ${orderId}`,
          sql`${analyticsEvents.data}->>'transaction_id' = ${orderId}`,
        ),
      ),
    );
}

async function pageViewsOf(path: string): Promise<number> {
  const { analyticsEvents } = schema;
  const [row] = await store.harness.database.db
    .select({ n: count() })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.kind, 'page_view'), eq(analyticsEvents.pagePath, path)));
  return row?.n ?? 0;
}

/** A dd after its dt in the confirmation's totals. */
function total(page: Page, label: string | RegExp) {
  return page
    .locator('.checkout-totals div', { has: page.locator('dt', { hasText: label }) })
    .locator('dd')
    .textContent();
}

describe('a shopper buying with JavaScript on', () => {
  it('buys a two-option shirt with shipping, New York tax and the WELCOME10 coupon', async () => {
    const { context, page, problems } = await shopper();
    await addShirt(page, store.origin);
    await page.goto(`${store.origin}/cart`);
    await expect(page.locator('.cart-entry-title').first().textContent()).resolves.toContain(
      'Linen Shirt',
    );
    await page.getByRole('link', { name: 'Checkout', exact: true }).click();
    await page.waitForURL(/\/checkout/);
    await fillCheckout(page, { email: 'journey@example.com', coupon: 'WELCOME10' });
    await page.getByRole('radio', { name: /^Standard/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/commerce\/orders\/[\w-]+\?token=/);
    await expect(page.locator('body').getAttribute('data-page-type')).resolves.toBe('202');

    const [order] = await ordersOf('journey@example.com');
    // $68.00 − 10% = $61.20, + $8.00 standard shipping, + 4% NY tax on both = $2.77.
    expect(order).toMatchObject({
      subtotalCents: 6_800,
      discountCents: 680,
      shippingCostCents: 800,
      taxCents: 277,
      grandTotalCents: 6_800 - 680 + 800 + 277,
    });
    await expect(total(page, /^Discount/)).resolves.toBe('−$6.80');
    await expect(total(page, /^Shipping/)).resolves.toBe('$8.00');
    await expect(total(page, /^Tax$/)).resolves.toBe('$2.77');
    await expect(total(page, /^Total$/)).resolves.toBe('$71.97');

    // The confirmation sent checkout confirmed and purchase once; a reload sends neither again.
    const orderId = order?.id ?? '';
    await expect.poll(() => eventsOf(orderId), { timeout: 10_000 }).toHaveLength(2);
    await page.reload();
    await page.waitForLoadState('networkidle');
    // Both views' page hits are stored, so anything the reload sent is stored as well.
    await expect
      .poll(() => pageViewsOf(`/commerce/orders/${orderId}`), { timeout: 10_000 })
      .toBe(2);
    const events = await eventsOf(orderId);
    expect(events.map((event) => `${event.source}:${event.eventName}`).sort()).toEqual([
      'event-v0:checkout confirmed',
      'event-v2:purchase',
    ]);
    const confirmed = events.find((event) => event.eventName === 'checkout confirmed');
    expect(confirmed?.data).toMatchObject({
      orderId,
      cartId: order?.cartId,
      testMode: true,
      websiteId: 'vitrine-demo',
    });
    const purchase = events.find((event) => event.eventName === 'purchase');
    expect(purchase?.data).toMatchObject({
      transaction_id: orderId,
      value: 7_197,
      shipping: 800,
      tax: 277,
      currency_code: 'USD',
      items: [
        expect.objectContaining({ item_id: 'linen-shirt', item_price: 6_800, item_quantity: 1 }),
      ],
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a declined card its error and keeps the cart', async () => {
    const { context, page } = await shopper();
    await addShirt(page, store.origin);
    await page.goto(`${store.origin}/checkout`);
    await fillCheckout(page, { email: 'declined@example.com', payment: 'Decline' });
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForLoadState();
    await expect(page.getByRole('alert').first().textContent()).resolves.toMatch(/declined/i);
    expect(page.url()).toMatch(/\/checkout/);
    expect(await ordersOf('declined@example.com')).toEqual([]);
    await page.goto(`${store.origin}/cart`);
    await expect(page.locator('.cart-entry-title').first().textContent()).resolves.toContain(
      'Linen Shirt',
    );
    await context.close();
  });

  it('places one order when Place order is clicked twice', async () => {
    const { context, page } = await shopper();
    await addShirt(page, store.origin);
    await page.goto(`${store.origin}/checkout`);
    await fillCheckout(page, { email: 'double@example.com' });
    await page.getByRole('button', { name: 'Place order' }).dblclick();
    await page.waitForURL(/\/commerce\/orders\/[\w-]+\?token=/);
    expect(await ordersOf('double@example.com')).toHaveLength(1);
    // A reload of the confirmation places nothing either.
    await page.reload();
    expect(await ordersOf('double@example.com')).toHaveLength(1);
    await context.close();
  });

  it('buys a gift card for a friend, who spends it on an order of their own', async () => {
    const giver = await shopper();
    await giver.page.goto(`${store.origin}/shop/p/store-gift-card`);
    await giver.page.getByLabel('Amount').selectOption('$50');
    await giver.page.locator('button.product-gift-card').click();
    await giver.page.waitForURL(/\/commerce\/gift-card\?itemId=store-gift-card/);
    // The denomination chosen on the product page is preselected, and can be changed.
    await expect(giver.page.getByRole('radio', { name: '$50.00' }).isChecked()).resolves.toBe(true);
    await giver.page.getByLabel('Recipient email').fill('friend@example.com');
    await giver.page.getByLabel('Message').fill('Happy birthday!');
    await giver.page.getByRole('button', { name: 'Purchase' }).click();
    await giver.page.waitForURL(/\/checkout\?cartToken=/);
    await fillCheckout(giver.page, { email: 'giver@example.com' });
    await giver.page.getByRole('button', { name: 'Place order' }).click();
    await giver.page.waitForURL(/\/commerce\/orders\//);
    await expect(giver.page.locator('.order-gift-cards li').textContent()).resolves.toMatch(
      /— \$50\.00 — emailed to friend@example\.com$/,
    );
    const [bought] = await ordersOf('giver@example.com');
    const [mail] = await store.harness.database.db
      .select()
      .from(schema.outbox)
      .where(
        and(eq(schema.outbox.reference, bought?.id ?? ''), eq(schema.outbox.kind, 'gift-card')),
      );
    expect(mail?.toAddress).toBe('friend@example.com');
    const code = /- ([\w-]+): 50\.00 USD/.exec(mail?.textBody ?? '')?.[1];
    expect(code).toBeDefined();
    await giver.context.close();

    const friend = await shopper();
    await addShirt(friend.page, store.origin);
    await friend.page.goto(`${store.origin}/checkout`);
    await fillCheckout(friend.page, {
      email: 'friend@example.com',
      region: 'CA',
      giftCard: code ?? '',
    });
    await friend.page.getByRole('button', { name: 'Place order' }).click();
    await friend.page.waitForURL(/\/commerce\/orders\//);
    const [spent] = await ordersOf('friend@example.com');
    // $68.00 + $8.00 shipping, no tax outside New York: $50.00 from the card, $26.00 charged.
    expect(spent).toMatchObject({
      grandTotalCents: 7_600,
      giftCardCents: 5_000,
      amountPaidCents: 2_600,
    });
    const [card] = await store.harness.database.db
      .select()
      .from(schema.giftCards)
      .where(eq(schema.giftCards.sourceOrderId, bought?.id ?? ''));
    expect(card?.balanceCents).toBe(0);
    await friend.context.close();
  });

  it('starts a subscription from the product page', async () => {
    const { context, page, problems } = await shopper();
    await page.goto(`${store.origin}/shop/p/tea-of-the-month`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/commerce\/subscription\?cartToken=/);
    await expect(page.locator('body').getAttribute('data-page-type')).resolves.toBe('2');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL(/\/checkout\?cartToken=/);
    await fillCheckout(page, { email: 'subscriber@example.com' });
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/commerce\/orders\//);
    const [order] = await ordersOf('subscriber@example.com');
    const started = await store.harness.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.firstOrderId, order?.id ?? ''));
    expect(started).toHaveLength(1);
    // Its confirmation is the subscription confirmed page, which sends the purchase events too.
    await expect(page.locator('body').getAttribute('data-page-type')).resolves.toBe('206');
    await expect
      .poll(async () => (await eventsOf(order?.id ?? '')).map((event) => event.eventName).sort(), {
        timeout: 10_000,
      })
      .toEqual(['checkout confirmed', 'purchase']);
    expect(problems).toEqual([]);
    await context.close();
  });
});
