/**
 * The extra-field lightbox and the restock form in Chromium on the demo store:
 * - the Monogrammed Handkerchief's form with the keyboard only: Enter opens the lightbox, Esc
 *   closes it and focus returns to Add to Cart; submitting empty shows 'Required' above the
 *   required fields; answered, the lightbox closes and the entry carries the answers;
 * - the Linen Shirt's restock sign-up, shown only for its sold-out variant, with the ALTCHA
 *   captcha solved in the browser: the success message replaces the form and the captcha;
 * - the same sign-up with JavaScript off: the plain form's refusals and its success;
 * - the extra fields answered in the plain product form with JavaScript off.
 */
import AxeBuilder from '@axe-core/playwright';
import { and, eq } from 'drizzle-orm';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { newVisitor, useStore, type Visitor } from '../helpers/e2e-store.ts';

const PRODUCT_FORM = 'vitrine-island[data-island="ProductForm"][data-hydrated="true"]';
const RESTOCK_FORM = 'vitrine-island[data-island="RestockForm"][data-hydrated="true"]';
const SHIRT = '/shop/p/linen-shirt';
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');

const store = useStore({
  // A small proof of work, so the browser solves the captcha at once.
  env: { ALTCHA_MAX_NUMBER: '1000' },
  async prepare() {
    await mkdir(SCREENSHOTS, { recursive: true });
  },
});

async function visit(
  path: string,
  options: { javaScriptEnabled?: boolean; hydrated?: readonly string[] } = {},
): Promise<Visitor> {
  const javaScriptEnabled = options.javaScriptEnabled ?? true;
  const visitor = await newVisitor(store.browser, { javaScriptEnabled });
  const { page } = visitor;
  await page.goto(`${store.origin}${path}`);
  if (javaScriptEnabled)
    for (const selector of options.hydrated ?? [PRODUCT_FORM])
      await page.waitForSelector(selector, { state: 'attached' });
  return visitor;
}

/** What has focus: its tag, name and text, enough to tell the controls apart. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return '';
    const name = element.getAttribute('name') ?? element.getAttribute('aria-label') ?? '';
    return `${element.tagName.toLowerCase()}|${name}|${element.textContent?.trim() ?? ''}`;
  });
}

/** axe's violations within one part of the page. */
async function violations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

/** Presses Tab until the focused control matches, at most `limit` times. */
async function tabTo(page: Page, pattern: RegExp, limit = 15): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    if (pattern.test(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`never reached ${String(pattern)}, last ${await focused(page)}`);
}

describe('the extra-field lightbox, with the keyboard only', () => {
  it('opens with Enter, closes with Esc back to the button, asks for the required answers, and adds them', async () => {
    const { context, page, problems } = await visit('/shop/p/monogram-handkerchief');
    await tabTo(page, /^button\|\|Add to Cart$/, 40);
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog.lightbox[open]');
    await dialog.waitFor();
    await expect(page.evaluate(() => document.documentElement.style.overflow)).resolves.toBe(
      'hidden',
    );
    await expect(
      page.evaluate(() => document.activeElement?.closest('dialog') !== null),
    ).resolves.toBe(true);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(focused(page)).resolves.toBe('button||Add to Cart');

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, /^button\|\|Add to Cart$/);
    await page.keyboard.press('Enter');
    const errorAbove = (id: string) =>
      page.locator(`dialog [data-field-id="${id}"] > .field-error`).textContent();
    await expect(errorAbove('initials')).resolves.toBe('Required');
    await expect(errorAbove('thread')).resolves.toBe('Required');
    await expect(violations(page, 'dialog')).resolves.toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'extra-fields-lightbox-errors.png') });
    await expect(
      page.locator('dialog [data-field-id="note"] > .field-error').count(),
    ).resolves.toBe(0);
    // The first field to fix has focus.
    await expect(focused(page)).resolves.toBe('input|fields[initials]|');

    await page.keyboard.type('ABC');
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toMatch(/^select\|fields\[thread\]/);
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('dialog select[name="fields[thread]"]').inputValue()).resolves.toBe(
      'Navy',
    );
    await page.keyboard.press('Tab');
    await page.keyboard.type('Happy birthday');
    await expect(page.locator('dialog .character-counter').textContent()).resolves.toBe('14 / 200');
    await tabTo(page, /^button\|\|Add to Cart$/);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.product-form-status', { hasText: 'Added to cart.' }).waitFor();
    await expect(focused(page)).resolves.toMatch(/^button\|\|/);

    const entries = await store.harness.database.db
      .select({ additionalFields: schema.cartEntries.additionalFields })
      .from(schema.cartEntries)
      .where(eq(schema.cartEntries.productId, 'monogram-handkerchief'));
    expect(entries.map((entry) => entry.additionalFields)).toContainEqual({
      initials: 'ABC',
      thread: 'Navy',
      note: 'Happy birthday',
    });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the extra fields with JavaScript off', () => {
  it('are answered in the product form itself and reach the cart entry', async () => {
    const { context, page } = await visit('/shop/p/monogram-handkerchief', {
      javaScriptEnabled: false,
    });
    await page.getByLabel('Initials').fill('XYZ');
    await page.getByLabel('Thread colour').selectOption('Red');
    await page.getByLabel('Gift note').fill('With love');
    await page.locator('button.product-add').click();
    await page.waitForURL(`${store.origin}/cart`);
    const entries = await store.harness.database.db
      .select({ additionalFields: schema.cartEntries.additionalFields })
      .from(schema.cartEntries)
      .where(eq(schema.cartEntries.productId, 'monogram-handkerchief'));
    expect(entries.map((entry) => entry.additionalFields)).toContainEqual({
      initials: 'XYZ',
      thread: 'Red',
      note: 'With love',
    });
    await context.close();
  });
});

describe('the restock sign-up', () => {
  async function signUps(email: string) {
    return store.harness.database.db
      .select()
      .from(schema.restockSignups)
      .where(
        and(
          eq(schema.restockSignups.email, email),
          eq(schema.restockSignups.variantId, 'linen-shirt-l-sand'),
        ),
      );
  }

  it('shows for the sold-out variant only, checks the email and captcha, and signs up with a solved captcha', async () => {
    const { context, page, problems } = await visit(SHIRT, {
      hydrated: [PRODUCT_FORM, RESTOCK_FORM],
    });
    const restock = page.locator('#restock');
    await expect(restock.isHidden()).resolves.toBe(true);
    await page.selectOption('#product-option-0', 'M');
    await page.selectOption('#product-option-1', 'Sand');
    await expect(restock.isHidden()).resolves.toBe(true);
    await page.selectOption('#product-option-0', 'L');
    await restock.waitFor({ state: 'visible' });
    await restock.locator('.restock-captcha altcha-widget').waitFor();
    await expect(violations(page, '#restock')).resolves.toEqual([]);
    await restock.screenshot({ path: path.join(SCREENSHOTS, 'restock-form.png') });

    const submit = restock.getByRole('button', { name: 'Notify me' });
    await submit.click();
    await expect(restock.getByRole('alert').textContent()).resolves.toBe('Email cannot be blank');
    await restock.getByLabel('Email address').fill('ann@');
    await submit.click();
    await expect(restock.getByRole('alert').textContent()).resolves.toBe('Email is invalid');
    await restock.getByLabel('Email address').fill('restock-e2e@example.com');
    await submit.click();
    await expect(restock.getByRole('alert').textContent()).resolves.toBe(
      'Complete CAPTCHA before submitting.',
    );

    // The widget draws its tick over the box: it is answered with the keyboard, as a person would.
    await restock.getByLabel("I'm not a robot").press('Space');
    await restock.locator('.restock-captcha [data-state="verified"]').waitFor();
    await submit.click();
    await expect(restock.getByRole('status').textContent()).resolves.toBe(
      "Thank you. We'll email you when it's back in stock.",
    );
    await expect(restock.locator('form').count()).resolves.toBe(0);
    await expect(restock.locator('.restock-captcha').count()).resolves.toBe(0);
    const rows = await signUps('restock-e2e@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.captchaUsed).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('with script on, keeps the form of a product with several variants hidden until the island runs', async () => {
    const context = await store.browser.newContext();
    const page = await context.newPage();
    // The island's chunk never arrives: the server's form must not flash up meanwhile.
    await page.route(/\/RestockForm-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`${store.origin}${SHIRT}`);
    await page.waitForSelector(PRODUCT_FORM, { state: 'attached' });
    await expect(page.locator('#restock').getAttribute('data-awaits-choice')).resolves.toBe('');
    await expect(page.locator('#restock').isHidden()).resolves.toBe(true);
    await context.close();
  });

  it('works as a plain form post with JavaScript off', async () => {
    const { context, page } = await visit(SHIRT, { javaScriptEnabled: false });
    const restock = page.locator('#restock');
    await expect(restock.isVisible()).resolves.toBe(true);
    await expect(page.locator('#restock-signed-up').isVisible()).resolves.toBe(false);

    await restock.getByRole('button', { name: 'Notify me' }).click();
    await page.waitForURL(`${store.origin}/commerce/restock-signup`);
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Email cannot be blank');
    await page.getByRole('link', { name: 'Back to the product' }).click();
    await page.waitForURL(`${store.origin}${SHIRT}#restock`);

    // The demo site has captcha on, which needs JavaScript.
    await page.locator('#restock').getByLabel('Email address').fill('nojs@example.com');
    await page.locator('#restock').getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'Complete CAPTCHA before submitting.',
    );

    // With the captcha off, the sign-up goes through and the page shows its success message.
    const { db } = store.harness.database;
    const [site] = await db
      .select({ settings: schema.sites.settings })
      .from(schema.sites)
      .where(eq(schema.sites.id, 'vitrine-demo'));
    if (!site) throw new Error('no demo site');
    await db
      .update(schema.sites)
      .set({ settings: { ...site.settings, captchaSettings: undefined } })
      .where(eq(schema.sites.id, 'vitrine-demo'));
    try {
      await page.goto(`${store.origin}${SHIRT}`);
      await page.locator('#restock').getByLabel('Email address').fill('nojs@example.com');
      await page.locator('#restock').getByRole('button', { name: 'Notify me' }).click();
      await page.waitForURL(`${store.origin}${SHIRT}#restock-signed-up`);
      await expect(page.locator('#restock-signed-up').textContent()).resolves.toBe(
        "Thank you. We'll email you when it's back in stock.",
      );
      await expect(page.locator('#restock-signed-up').isVisible()).resolves.toBe(true);
      await expect(page.locator('#restock form').isVisible()).resolves.toBe(false);
      expect(await signUps('nojs@example.com')).toHaveLength(1);
    } finally {
      await db
        .update(schema.sites)
        .set({ settings: site.settings })
        .where(eq(schema.sites.id, 'vitrine-demo'));
    }
    await context.close();
  });
});
