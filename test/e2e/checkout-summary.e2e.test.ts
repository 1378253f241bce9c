/**
 * The checkout's order summary by width, in Chromium: on a phone (390 px) it is folded behind one
 * line, 'Show order summary' with the amount due, so the form comes first; opening it shows the
 * items and totals and the line says 'Hide order summary'; the line's amount follows the quote as
 * the shopper picks a dearer shipping option. From 800 px the summary is always open beside the
 * form, with no line to press. Without JavaScript the fold works the same (a <details>).
 */
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import {
  addShirt,
  amountDueOnScreen,
  fillAddress,
  summarySettled,
} from '../helpers/checkout-form.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const store = useStore({
  prepare: async (harness) => {
    await harness.database.db
      .update(schema.variants)
      .set({ qtyInStock: 1_000 })
      .where(eq(schema.variants.id, 'linen-shirt-m-sand'));
  },
});

const toggle = (page: Page) => page.locator('summary.checkout-summary-toggle');
const itemTitle = (page: Page) => page.locator('.checkout-entry-title', { hasText: 'Linen shirt' });

/** The folded line's words and amount as a shopper reads them. */
async function lineText(page: Page): Promise<string> {
  return ((await toggle(page).innerText()) ?? '').replace(/\s+/g, ' ').trim();
}

async function shopperAtCheckout(width: number, javaScriptEnabled = true) {
  const visitor = await newVisitor(store.browser, { javaScriptEnabled });
  await visitor.page.setViewportSize({ width, height: 844 });
  if (javaScriptEnabled) await addShirt(visitor.page, store.origin);
  else {
    await visitor.page.goto(`${store.origin}/shop/p/linen-shirt`);
    await visitor.page.getByLabel('Size').selectOption('M');
    await visitor.page.getByLabel('Colour').selectOption('Sand');
    await visitor.page.getByRole('button', { name: 'Add to Cart' }).click();
    await visitor.page.waitForURL(/\/cart/);
  }
  await visitor.page.goto(`${store.origin}/checkout`);
  return visitor;
}

describe('the order summary at 390 px', () => {
  it('is folded behind "Show order summary" with the amount due, and opens and closes', async () => {
    const { context, page, problems } = await shopperAtCheckout(390);
    await expect(toggle(page).isVisible()).resolves.toBe(true);
    await expect(itemTitle(page).isVisible()).resolves.toBe(false);
    // The form comes first: the email box is above the fold's bottom edge.
    const email = await page.getByLabel('Email').boundingBox();
    expect(email?.y ?? Infinity).toBeLessThan(844);
    // The shirt and the default shipping: what the order would charge now.
    const due = await amountDueOnScreen(page);
    expect(due).toMatch(/^\$\d+\.\d\d$/);
    await expect(lineText(page)).resolves.toBe(`Show order summary ${due}`);

    await toggle(page).click();
    await expect(itemTitle(page).isVisible()).resolves.toBe(true);
    await expect(page.locator('.checkout-entry-options').innerText()).resolves.toBe(
      'Size: M, Colour: Sand',
    );
    await expect(lineText(page)).resolves.toBe(`Hide order summary ${due}`);
    // By keyboard too: the line is focusable and Enter folds it again.
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await expect(itemTitle(page).isVisible()).resolves.toBe(false);
    await expect(lineText(page)).resolves.toBe(`Show order summary ${due}`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("follows the quote: Express shipping raises the line's amount", async () => {
    const { context, page, problems } = await shopperAtCheckout(390);
    await page.getByLabel('Email').fill('fold@example.com');
    await fillAddress(page, 'CA');
    const before = await amountDueOnScreen(page);
    await expect(lineText(page)).resolves.toBe(`Show order summary ${before}`);
    await page.getByRole('radio', { name: /^Express/ }).check();
    await summarySettled(page);
    await expect.poll(() => amountDueOnScreen(page)).not.toBe(before);
    const due = await amountDueOnScreen(page);
    await expect.poll(() => lineText(page)).toBe(`Show order summary ${due}`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens without JavaScript too', async () => {
    const { context, page } = await shopperAtCheckout(390, false);
    await expect(itemTitle(page).isVisible()).resolves.toBe(false);
    await toggle(page).click();
    await expect(itemTitle(page).isVisible()).resolves.toBe(true);
    await context.close();
  });
});

describe('the order summary at 1280 px', () => {
  it('is always open beside the form, with no line to press', async () => {
    const { context, page, problems } = await shopperAtCheckout(1280);
    await expect(toggle(page).isVisible()).resolves.toBe(false);
    await expect(itemTitle(page).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Order summary' }).isVisible()).resolves.toBe(
      true,
    );
    const summary = await page.locator('.checkout-summary').boundingBox();
    const form = await page.locator('.checkout-form').boundingBox();
    expect(summary && form && summary.x > form.x + form.width - 1).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
