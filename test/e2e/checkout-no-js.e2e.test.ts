/**
 * The same purchase as the first journey of checkout-journeys.e2e.test.ts with JavaScript off in
 * Chromium: the two-option linen shirt from its product page through the cart and checkout to
 * the confirmation, with a shipping option, New York tax and the WELCOME10 coupon — every step a
 * plain form post or link — checked on the page and in the database.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { applyCode, fillAddress } from '../helpers/checkout-form.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const store = useStore();

/** A dd after its dt in the page's totals. */
function total(page: Page, label: RegExp) {
  return page
    .locator('.checkout-totals div', { has: page.locator('dt', { hasText: label }) })
    .locator('dd')
    .textContent();
}

describe('a shopper buying with JavaScript off', () => {
  it('buys a two-option shirt with shipping, New York tax and the WELCOME10 coupon', async () => {
    const { context, page, problems } = await newVisitor(store.browser, {
      javaScriptEnabled: false,
    });
    await page.goto(`${store.origin}/shop/p/linen-shirt`);
    await page.getByLabel('Size').selectOption('M');
    await page.getByLabel('Colour').selectOption('Sand');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    // Page scripts are off, so each form post is followed by its load, not by waitForURL.
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe('/cart');
    await expect(page.locator('.cart-entry-title').first().textContent()).resolves.toContain(
      'Linen Shirt',
    );

    await page.getByRole('link', { name: 'Checkout', exact: true }).click();
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe('/checkout');
    // Without scripts the address is the plain form: no combobox takes over Address line 1.
    await expect(page.getByRole('textbox', { name: 'Address line 1' }).count()).resolves.toBe(1);
    await expect(page.getByRole('combobox', { name: 'Address line 1' }).count()).resolves.toBe(0);
    await page.getByLabel('Email').fill('no-js@example.com');
    await fillAddress(page, 'NY');
    await page.getByRole('radio', { name: /^Standard/ }).check();
    // 'Apply' prices the summary (and the address's tax) before the order is placed.
    await applyCode(page, 'Coupon code', 'WELCOME10');
    await expect(page.locator('.checkout-total dd').textContent()).resolves.toBe('$71.97');
    await expect(page.getByRole('radio', { name: 'Success' }).isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForLoadState();

    expect(page.url()).toMatch(/\/commerce\/orders\/[\w-]+\?token=/);
    await expect(page.locator('body').getAttribute('data-page-type')).resolves.toBe('202');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Thank you for your order',
    );
    await expect(total(page, /^Discount/)).resolves.toBe('−$6.80');
    await expect(total(page, /^Shipping/)).resolves.toBe('$8.00');
    await expect(total(page, /^Tax$/)).resolves.toBe('$2.77');
    await expect(total(page, /^Total$/)).resolves.toBe('$71.97');

    const db = store.harness.database.db;
    const orders = await db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.email, 'no-js@example.com'));
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(page.url()).toContain(`/commerce/orders/${order?.id ?? ''}?`);
    // $68.00 − 10% = $61.20, + $8.00 standard shipping, + 4% NY tax on both = $2.77.
    expect(order).toMatchObject({
      paymentStatus: 'paid',
      subtotalCents: 6_800,
      discountCents: 680,
      shippingCostCents: 800,
      taxCents: 277,
      grandTotalCents: 7_197,
      amountPaidCents: 7_197,
      paymentProvider: 'test',
      shippingAddress: {
        name: 'Sam Shopper',
        line1: '1 Main St',
        city: 'Albany',
        region: 'NY',
        postalCode: '12207',
        country: 'US',
      },
      shippingOption: expect.objectContaining({ name: expect.stringMatching(/^Standard/) }),
    });
    const lines = await db
      .select()
      .from(schema.orderLines)
      .where(eq(schema.orderLines.orderId, order?.id ?? ''));
    expect(lines).toEqual([
      expect.objectContaining({
        productId: 'linen-shirt',
        quantity: 1,
        unitPriceCents: 6_800,
        attributes: { Size: 'M', Colour: 'Sand' },
      }),
    ]);
    // The bought cart is closed and the shopper's cart cookie cleared: the cart page is empty.
    const [cart] = await db
      .select({ isPurchased: schema.carts.isPurchased })
      .from(schema.carts)
      .where(eq(schema.carts.id, order?.cartId ?? ''));
    expect(cart?.isPurchased).toBe(true);
    await page.goto(`${store.origin}/cart`);
    await expect(page.locator('.cart-entry').count()).resolves.toBe(0);

    expect(problems).toEqual([]);
    await context.close();
  });
});
