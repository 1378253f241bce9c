/**
 * The total a shopper sees before 'Place order' is the total charged, in Chromium with
 * JavaScript on (the summary re-priced through the quote API as the form changes) and off
 * ('Update totals' and 'Apply' post the form): for a shipping option, a coupon, a state's tax
 * and a gift card. And no floating cart pill on the checkout or its confirmation.
 */
import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { formatCldrMoney } from '../../src/shared/money/index.ts';
import { issueGiftCard } from '../helpers/checkout-fixtures.ts';
import {
  addShirt,
  amountDueOnScreen,
  applyCode,
  fillAddress,
  summarySettled,
} from '../helpers/checkout-form.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

// Eleven orders of the linen shirt in M / Sand: more than the demo's three in stock.
const store = useStore({
  prepare: async (harness) => {
    await harness.database.db
      .update(schema.variants)
      .set({ qtyInStock: 1_000 })
      .where(eq(schema.variants.id, 'linen-shirt-m-sand'));
  },
});

const dollars = (cents: number) => formatCldrMoney(cents / 100, 'USD', 'en-US');

async function chargedFor(email: string) {
  const [order] = await store.harness.database.db
    .select()
    .from(schema.orders)
    .where(eq(schema.orders.email, email))
    .orderBy(desc(schema.orders.createdAt))
    .limit(1);
  if (!order) throw new Error(`no order for ${email}`);
  return order;
}

/** A shopper with the shirt in the cart on the checkout page, contact and address filled in. */
async function atCheckout(email: string, options: { javaScript: boolean; state?: string }) {
  const { page, problems } = await newVisitor(store.browser, {
    javaScriptEnabled: options.javaScript,
  });
  if (options.javaScript) await addShirt(page, store.origin);
  else await addShirtWithoutJavaScript(page);
  await page.goto(`${store.origin}/checkout`);
  await page.getByLabel('Email').fill(email);
  await fillAddress(page, options.state ?? 'CA');
  return { page, problems };
}

/** The product form posts to /cart/add as a plain form when scripts are off. */
async function addShirtWithoutJavaScript(page: Page): Promise<void> {
  await page.goto(`${store.origin}/shop/p/linen-shirt`);
  await page.getByLabel('Size').selectOption('M');
  await page.getByLabel('Colour').selectOption('Sand');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.waitForURL(/\/cart/);
}

async function placeAndCheck(page: Page, email: string, expectedCents: number) {
  const shown = await amountDueOnScreen(page);
  expect(shown).toBe(dollars(expectedCents));
  await page.getByRole('radio', { name: 'Success' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/commerce\/orders\//);
  const order = await chargedFor(email);
  expect(dollars(order.amountPaidCents)).toBe(shown);
  return order;
}

describe.each([
  { javaScript: true, mode: 'with JavaScript' },
  { javaScript: false, mode: 'without JavaScript' },
])('the total shown is the total charged, $mode', ({ javaScript, mode }) => {
  const email = (what: string) => `${what}-${javaScript ? 'js' : 'nojs'}@example.com`;
  const update = async (page: Page) => {
    if (javaScript) {
      await summarySettled(page);
      return;
    }
    // The form posts and the priced page loads in its place.
    const loaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Update totals' }).click();
    await loaded;
  };

  it('for a shipping option (Express)', async () => {
    const { page, problems } = await atCheckout(email('express'), { javaScript });
    // With the script the summary prices itself, so its button is not offered.
    await expect(page.getByRole('button', { name: 'Update totals' }).isVisible()).resolves.toBe(
      !javaScript,
    );
    await page.getByRole('radio', { name: /^Express/ }).check();
    await update(page);
    // $68 + $25 Express, no tax outside New York.
    await placeAndCheck(page, email('express'), 6_800 + 2_500);
    expect(problems).toEqual([]);
  });

  it('for a coupon (WELCOME10, applied)', async () => {
    const { page } = await atCheckout(email('coupon'), { javaScript });
    await applyCode(page, 'Coupon code', 'WELCOME10');
    // $68 − $6.80 + $8 Standard.
    await placeAndCheck(page, email('coupon'), 6_800 - 680 + 800);
  });

  it('for a state’s tax (New York)', async () => {
    const { page } = await atCheckout(email('tax'), { javaScript, state: 'NY' });
    await update(page);
    // ($68 + $8) × 4 % = $3.04.
    await expect
      .poll(() =>
        page.locator('.checkout-totals dt', { hasText: 'New York State sales tax' }).count(),
      )
      .toBe(1);
    await placeAndCheck(page, email('tax'), 6_800 + 800 + 304);
  });

  it('for a gift card (applied)', async () => {
    const code = `E2E${javaScript ? 'JS' : 'NOJS'}GIFT20`;
    await issueGiftCard(store.harness.database.db, code, 2_000);
    const { page } = await atCheckout(email('gift'), { javaScript });
    await applyCode(page, 'Gift card code', code);
    const order = await placeAndCheck(page, email('gift'), 6_800 + 800 - 2_000);
    expect(order.giftCardCents).toBe(2_000);
  });

  it(`asks again with the new total when the summary was not updated (${mode})`, async () => {
    const { page } = await atCheckout(email('stale'), { javaScript });
    const before = await amountDueOnScreen(page);
    // A change the summary has not priced: without scripts the shopper skipped 'Update
    // totals'; with them, a radio checked by another script fires no change event.
    if (javaScript)
      await page.evaluate(() => {
        const express = document.querySelector<HTMLInputElement>('input[value="express"]');
        if (express) express.checked = true;
      });
    else await page.getByRole('radio', { name: /^Express/ }).check();
    await page.getByRole('radio', { name: 'Success' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your order total has changed' }).waitFor();
    const after = await amountDueOnScreen(page);
    expect(after).not.toBe(before);
    expect(after).toBe(dollars(6_800 + 2_500));
    await placeAndCheck(page, email('stale'), 6_800 + 2_500);
  });
});

describe('no floating cart pill where the shopper is buying', () => {
  it('is absent from the checkout and confirmation, present on the product page, at 390 px', async () => {
    const { page } = await newVisitor(store.browser, { viewport: { width: 390, height: 844 } });
    await addShirt(page, store.origin);
    await expect(page.locator('.site-cart-pill').count()).resolves.toBe(1);
    for (const path of ['/cart', '/checkout']) {
      await page.goto(`${store.origin}${path}`);
      await expect(page.locator('.site-cart-pill').count(), path).resolves.toBe(0);
    }
    await page.getByLabel('Email').fill('pill@example.com');
    await fillAddress(page, 'CA');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/commerce\/orders\//);
    await expect(page.locator('.site-cart-pill').count()).resolves.toBe(0);
  });
});
