/**
 * The cart page in Chromium on the demo store, with the cart page island hydrated:
 * - a quantity changed without a reload (entry and cart subtotals, the live region, the header's
 *   count, the database), and a quantity beyond the stock refused beside its entry;
 * - entries removed (the live region, the remove-from-cart event and its tracking call, the
 *   database) down to the empty cart; the view-cart tracking call on arrival;
 * - an extra-field answer edited in place: the editor's code fetched on the first reach for it,
 *   not with the page; 'Saving…' while it is saved, then the saved answer on the page and in the
 *   database;
 * - axe clean, and no layout shift while the island hydrates, at 390 and 1280 px;
 * - a change made in a second tab shown in the first;
 * - the same quantity change and removal with JavaScript off, through the plain forms, and an
 *   extra-field answer edited through the plain answers form.
 */
import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { newVisitor, useStore, type Visitor } from '../helpers/e2e-store.ts';
import { layoutShiftAfterHydration } from '../helpers/layout-shift.ts';

const HYDRATED = 'vitrine-island[data-island="CartPage"][data-hydrated="true"]';
const SHIRT_ADD = { itemId: 'linen-shirt', sku: 'LS-SAND-S', quantity: '1' };
const HANDKERCHIEF_ADD = {
  itemId: 'monogram-handkerchief',
  sku: 'MH-1',
  quantity: '1',
  'fields[initials]': 'ABC',
  'fields[thread]': 'Navy',
};

const store = useStore();

interface Shopper extends Visitor {
  /** The entry ids on the page: the shirt's, then the handkerchief's. */
  readonly shirt: string;
  readonly handkerchief: string;
  /** The bodies of the tracking calls the page made, decoded. */
  readonly tracked: string[];
}

/** A visitor whose cart holds one linen shirt and one answered handkerchief, on /cart. */
async function shopperWithCart(options: { javaScriptEnabled?: boolean } = {}): Promise<Shopper> {
  const visitor = await newVisitor(store.browser, options);
  const { page, context } = visitor;
  const tracked: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/clanker/events'))
      tracked.push(decodeURIComponent((request.postData() ?? '').replace(/\+/g, ' ')));
  });
  await page.goto(`${store.origin}/cart`);
  const crumb = (await context.cookies()).find((cookie) => cookie.name === 'crumb')?.value;
  if (crumb === undefined) throw new Error('no crumb cookie');
  for (const form of [SHIRT_ADD, HANDKERCHIEF_ADD]) {
    const added = await context.request.post(`${store.origin}/cart/add`, {
      form: { crumb: decodeURIComponent(crumb), ...form },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
  }
  await page.goto(`${store.origin}/cart`);
  if (options.javaScriptEnabled !== false)
    await page.waitForSelector(HYDRATED, { state: 'attached' });
  const ids = await page
    .locator('[data-entry-id]')
    .evaluateAll((entries) => entries.map((entry) => entry.getAttribute('data-entry-id') ?? ''));
  const [shirt = '', handkerchief = ''] = ids;
  return { ...visitor, shirt, handkerchief, tracked };
}

async function entryRow(entryId: string) {
  const [row] = await store.harness.database.db
    .select({
      quantity: schema.cartEntries.quantity,
      additionalFields: schema.cartEntries.additionalFields,
    })
    .from(schema.cartEntries)
    .where(eq(schema.cartEntries.id, entryId));
  return row;
}

const text = (page: Page, selector: string) => page.locator(selector).first().textContent();
const announced = (page: Page, sentence: string) =>
  page.waitForFunction(
    (expected) => document.querySelector('.cart-announcements')?.textContent?.trim() === expected,
    sentence,
  );

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

describe('the cart page with JavaScript', () => {
  it('changes a quantity without a reload, and refuses one beyond the stock beside its entry', async () => {
    const { context, page, problems, shirt } = await shopperWithCart();
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    const entry = page.locator(`[data-entry-id="${shirt}"]`);

    // From the keyboard: Enter in the field sends it; focus stays where the shopper was.
    await entry.getByLabel('Quantity').fill('3');
    await entry.getByLabel('Quantity').press('Enter');
    await announced(page, 'Quantity of Linen Shirt updated to 3.');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe(
      `quantity-${shirt}`,
    );
    await expect(entry.locator('.cart-entry-subtotal').textContent()).resolves.toBe('$204.00');
    // $204.00 of shirts and a $22.00 handkerchief.
    await expect(text(page, '.cart-subtotal strong')).resolves.toBe('$226.00');
    await expect(text(page, '.template-cart-count')).resolves.toBe('4');
    await expect(entryRow(shirt)).resolves.toMatchObject({ quantity: 3 });
    await expect(
      page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument),
    ).resolves.toBe(true);

    await entry.getByLabel('Quantity').fill('20');
    await entry.getByRole('button', { name: 'Update quantity of Linen Shirt' }).click();
    await entry.locator('.cart-entry-error').waitFor();
    await expect(entry.locator('.cart-entry-error').textContent()).resolves.toBe(
      'Sorry, we do not have enough of that item available.',
    );
    await announced(page, 'Sorry, we do not have enough of that item available.');
    await expect(entryRow(shirt)).resolves.toMatchObject({ quantity: 3 });
    // The box shows the quantity the line kept, not the refused 20.
    await expect.poll(() => entry.getByLabel('Quantity').inputValue()).toBe('3');
    await expect(entry.locator('.cart-entry-subtotal').textContent()).resolves.toBe('$204.00');
    await expect(entry.getByLabel('Quantity').isEnabled()).resolves.toBe(true);
    await expect(axeViolations(page)).resolves.toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('removes entries down to the empty cart, telling the analytics and the live region', async () => {
    const { context, page, problems, shirt, handkerchief, tracked } = await shopperWithCart();
    await expect.poll(() => tracked.some((body) => body.includes('view cart'))).toBe(true);
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as { removed?: unknown[] }).removed = seen;
      document.addEventListener('vitrine:cart-removed', (event) =>
        seen.push((event as CustomEvent).detail),
      );
    });

    await page.getByRole('button', { name: 'Remove Linen Shirt' }).click();
    await announced(page, 'Linen Shirt removed from your cart.');
    await expect(page.locator(`[data-entry-id="${shirt}"]`).count()).resolves.toBe(0);
    await expect(entryRow(shirt)).resolves.toBeUndefined();
    await expect(text(page, '.cart-subtotal strong')).resolves.toBe('$22.00');
    await expect(text(page, '.template-cart-count')).resolves.toBe('1');
    await expect.poll(() => tracked.some((body) => body.includes('remove from cart'))).toBe(true);

    await page.getByRole('button', { name: 'Remove Monogrammed Handkerchief' }).click();
    await announced(page, 'Monogrammed Handkerchief removed from your cart. Your cart is empty.');
    await expect(text(page, '.cart-empty')).resolves.toBe('Your cart is empty.');
    await expect(entryRow(handkerchief)).resolves.toBeUndefined();
    await expect(page.evaluate(() => (window as { removed?: unknown[] }).removed)).resolves.toEqual(
      [
        { itemId: 'linen-shirt', quantity: 1 },
        { itemId: 'monogram-handkerchief', quantity: 1 },
      ],
    );
    await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe(
      'Continue shopping',
    );
    await expect(axeViolations(page)).resolves.toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("edits an extra-field answer: 'Saving…' while it is saved, then the saved answer", async () => {
    const { context, page, problems, handkerchief } = await shopperWithCart();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/additionalFields', async (route) => {
      await held;
      await route.continue();
    });

    // The editor's code comes on the shopper's first reach into the entry, not with the page.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const editorCode = () => scripts.filter((script) => /\/AnswersEditor-[\w-]+\.js$/.test(script));
    expect(editorCode()).toEqual([]);
    await expect(
      page.locator(`#cart-answers-${handkerchief}`).getAttribute('novalidate'),
    ).resolves.toBeNull();
    await page.locator(`#cart-edit-${handkerchief}`).click();
    // Hydrated in place: the shared rules check the answers instead of the browser's own.
    await page.waitForSelector(`#cart-answers-${handkerchief}[novalidate]`, { state: 'attached' });
    expect(editorCode()).toHaveLength(1);
    const answers = page.getByRole('group', { name: 'Your answers for Monogrammed Handkerchief' });
    await expect(answers.getByLabel('Initials').inputValue()).resolves.toBe('ABC');
    await expect(answers.getByLabel('Thread colour').inputValue()).resolves.toBe('Navy');
    await answers.getByLabel('Initials').fill('XYZ');
    await answers.getByLabel('Thread colour').selectOption('Red');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: 'Save answers' }).click();

    const saving = page.locator('.cart-entry-answers-form button[type="submit"]');
    await expect(saving.textContent()).resolves.toBe('Saving…');
    // The cart recalculates: every cart control waits.
    await expect(
      page.getByRole('button', { name: 'Remove Linen Shirt' }).isDisabled(),
    ).resolves.toBe(true);
    await expect(page.getByLabel('Quantity').first().isDisabled()).resolves.toBe(true);
    release();

    await announced(page, 'Your answers for Monogrammed Handkerchief were saved.');
    await expect(
      page
        .locator(`[data-entry-id="${handkerchief}"] details.cart-entry-edit`)
        .getAttribute('open'),
    ).resolves.toBeNull();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'Edit answers for Monogrammed Handkerchief',
    );
    const row = page.locator(`[data-entry-id="${handkerchief}"] .cart-entry-answers`);
    await expect(row.textContent()).resolves.toBe('InitialsXYZThread colourRed');
    await expect(entryRow(handkerchief)).resolves.toMatchObject({
      additionalFields: expect.objectContaining({ initials: 'XYZ', thread: 'Red' }),
    });
    await expect(
      page.getByRole('button', { name: 'Remove Linen Shirt' }).isEnabled(),
    ).resolves.toBe(true);
    await expect(axeViolations(page)).resolves.toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is axe clean and does not move while the island hydrates, at 390 and 1280 px', async () => {
    for (const width of [390, 1280]) {
      const { context, page, problems } = await shopperWithCart();
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      const shift = await layoutShiftAfterHydration(page);
      expect(shift, `at ${width} px`).toBe(0);
      await expect(axeViolations(page)).resolves.toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('the coupon box', () => {
  it.each([true, false])(
    'takes a code to checkout, typed in and priced there (JavaScript %s)',
    async (javaScriptEnabled) => {
      const { context, page } = await shopperWithCart({ javaScriptEnabled });
      await page.getByLabel('Coupon code').fill('welcome10');
      await page.getByRole('button', { name: 'Apply at checkout' }).click();
      await page.waitForURL(/\/checkout\?couponCode=welcome10$/);
      await expect(page.getByLabel('Coupon code', { exact: true }).inputValue()).resolves.toBe(
        'welcome10',
      );
      await expect(text(page, '.checkout-totals')).resolves.toContain('Discount (WELCOME10)');
      await context.close();
    },
  );
});

describe('two tabs of one shopper', () => {
  it('a quantity changed in one tab shows in the other without a reload', async () => {
    const { context, page, problems, shirt } = await shopperWithCart();
    const other = await context.newPage();
    await other.goto(`${store.origin}/cart`);
    await other.waitForSelector(HYDRATED, { state: 'attached' });
    const entry = other.locator(`[data-entry-id="${shirt}"]`);
    await entry.getByLabel('Quantity').fill('4');
    await entry.getByRole('button', { name: 'Update quantity of Linen Shirt' }).click();
    await announced(other, 'Quantity of Linen Shirt updated to 4.');

    await page.waitForFunction(
      (id) => (document.getElementById(`quantity-${id}`) as HTMLInputElement | null)?.value === '4',
      shirt,
    );
    await expect(text(page, '.cart-subtotal strong')).resolves.toBe('$294.00');
    await expect(text(page, '.template-cart-count')).resolves.toBe('5');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('an entry added in another tab', () => {
  it('shows in the cart page with its link and image, without a reload', async () => {
    const { context, page, problems } = await shopperWithCart();
    const other = await context.newPage();
    await other.goto(`${store.origin}/shop/p/market-tote`);
    await other.waitForSelector('vitrine-island[data-island="ProductForm"][data-hydrated="true"]');
    await other.selectOption('#product-option-0', 'Natural');
    await other.click('button.product-add');

    const tote = page.locator('[data-entry-id]', { hasText: 'Market Tote' });
    await tote.waitFor();
    await expect(
      tote.getByRole('link', { name: 'Market Tote' }).getAttribute('href'),
    ).resolves.toBe('/shop/p/market-tote');
    await expect(tote.getByRole('img').getAttribute('alt')).resolves.toBe(
      'Canvas market tote in natural',
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the cart page with JavaScript off', () => {
  it('changes the quantity and removes through the plain forms', async () => {
    const { context, page, shirt, handkerchief } = await shopperWithCart({
      javaScriptEnabled: false,
    });
    const entry = page.locator(`[data-entry-id="${shirt}"]`);

    await entry.getByLabel('Quantity').fill('2');
    await entry.getByRole('button', { name: 'Update quantity of Linen Shirt' }).click();
    await page.waitForLoadState();
    await expect(
      page.locator(`[data-entry-id="${shirt}"]`).getByLabel('Quantity').inputValue(),
    ).resolves.toBe('2');
    await expect(entryRow(shirt)).resolves.toMatchObject({ quantity: 2 });
    await expect(text(page, '.cart-subtotal strong')).resolves.toBe('$158.00');

    await page.getByRole('button', { name: 'Remove Linen Shirt' }).click();
    await page.waitForLoadState();
    await expect(page.locator(`[data-entry-id="${shirt}"]`).count()).resolves.toBe(0);
    await expect(entryRow(shirt)).resolves.toBeUndefined();
    await expect(entryRow(handkerchief)).resolves.toMatchObject({ quantity: 1 });
    await context.close();
  });

  it('edits an extra-field answer through the plain answers form', async () => {
    const { context, page, handkerchief } = await shopperWithCart({ javaScriptEnabled: false });
    const entry = page.locator(`[data-entry-id="${handkerchief}"]`);
    await entry.getByText('Edit answers').click();
    const answers = page.getByRole('group', { name: 'Your answers for Monogrammed Handkerchief' });
    // The form starts from the stored answers.
    await expect(answers.getByLabel('Initials').inputValue()).resolves.toBe('ABC');
    await expect(answers.getByLabel('Thread colour').inputValue()).resolves.toBe('Navy');
    await answers.getByLabel('Initials').fill('QRS');
    await answers.getByLabel('Thread colour').selectOption('Red');
    await entry.getByRole('button', { name: 'Save answers' }).click();
    await page.waitForLoadState();

    expect(new URL(page.url()).pathname).toBe('/cart');
    await expect(
      page.locator(`[data-entry-id="${handkerchief}"] .cart-entry-answers`).textContent(),
    ).resolves.toBe('InitialsQRSThread colourRed');
    await expect(entryRow(handkerchief)).resolves.toMatchObject({
      quantity: 1,
      additionalFields: expect.objectContaining({ initials: 'QRS', thread: 'Red' }),
    });
    await context.close();
  });
});
