/**
 * The product form island in Chromium on the demo store: variants chosen from the dropdowns
 * change the price (sale struck through), sold-out text, scarcity, image and `?variant=`;
 * branching narrows the mug's glazes; stock is refreshed on load; adding shows the button's
 * states with the spec's timings on Playwright's clock; Enter adds once; express goes to the
 * checkout, Subscribe to the subscription page, a gift card to the gift card page; the same
 * add works with JavaScript off; and Quick View opens the form over the collection, its code
 * fetched only when it is first opened.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVisitor, useStore, type Visitor } from '../helpers/e2e-store.ts';

const HYDRATED = 'vitrine-island[data-island="ProductForm"][data-hydrated="true"]';
const START = new Date('2026-11-25T12:00:00Z');

const store = useStore();

/** A fresh visitor on a product page, its form hydrated (unless JavaScript is off). */
async function visit(
  path: string,
  options: {
    javaScriptEnabled?: boolean;
    clock?: boolean;
    setup?: (page: Page) => Promise<void>;
    /** The island that must be hydrated before the test goes on (default: the product form). */
    hydrated?: string;
  } = {},
): Promise<Visitor> {
  const javaScriptEnabled = options.javaScriptEnabled ?? true;
  const visitor = await newVisitor(store.browser, { javaScriptEnabled });
  const { context, page } = visitor;
  if (options.clock) await context.clock.install({ time: START });
  await options.setup?.(page);
  await page.goto(`${store.origin}${path}`);
  if (javaScriptEnabled)
    await page.waitForSelector(options.hydrated ?? HYDRATED, { state: 'attached' });
  return visitor;
}

const text = (page: Page, selector: string) => page.locator(selector).first().textContent();

describe('choosing a variant', () => {
  it('offers the options as radios for a product in the radio layout, by mouse and keyboard', async () => {
    const { context, page, problems } = await visit('/shop/p/wool-beanie');
    const colours = page.getByRole('group', { name: 'Colour' });
    await expect(colours.getByRole('radio').count()).resolves.toBe(3);
    expect(await page.locator('select[name="options[Colour]"]').count()).toBe(0);
    await colours.getByRole('radio', { name: 'Charcoal', exact: true }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get('variant')).not.toBeNull();
    // Arrow keys move the choice within the group, as radios do.
    await page.keyboard.press('ArrowDown');
    await expect(
      colours.getByRole('radio', { name: 'Rust', exact: true }).isChecked(),
    ).resolves.toBe(true);
    await page.locator('button.product-add').click();
    await page.locator('.product-form-status', { hasText: 'Added to cart.' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('posts the radio layout as a plain form with JavaScript off', async () => {
    const { context, page } = await visit('/shop/p/wool-beanie', { javaScriptEnabled: false });
    await page.getByRole('radio', { name: 'Oat', exact: true }).check();
    await page.locator('button.product-add').click();
    await page.waitForLoadState();
    expect(page.url()).toBe(`${store.origin}/cart`);
    await expect(text(page, '.cart-entry-title')).resolves.toContain('Wool Beanie');
    await context.close();
  });

  it('changes price, image and address with the dropdowns, and restores the address', async () => {
    const { context, page, problems } = await visit('/shop/p/linen-shirt');
    await expect(text(page, '.product-price')).resolves.toBe('from $54.00');
    await page.selectOption('#product-option-0', 'M');
    await expect(text(page, '.product-price')).resolves.toBe('from $54.00');
    await page.selectOption('#product-option-1', 'Sand');
    await expect(text(page, '.product-price')).resolves.toBe('$68.00');
    expect(new URL(page.url()).searchParams.get('variant')).toBe('linen-shirt-m-sand');
    await page.selectOption('#product-option-0', 'S');
    await page.selectOption('#product-option-1', 'Indigo');
    await expect(page.locator('.product-price').innerHTML()).resolves.toBe(
      '<s class="product-price-original">$72.00</s> $54.00',
    );
    await expect(
      page.locator('.product-media .product-image:visible img').getAttribute('src'),
    ).resolves.toContain('linen-shirt-indigo.jpg?format=750w');
    await page.reload();
    await page.waitForSelector(HYDRATED, { state: 'attached' });
    await expect(page.inputValue('#product-option-0')).resolves.toBe('S');
    await expect(page.inputValue('#product-option-1')).resolves.toBe('Indigo');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the product's own sold-out text for a variant with no stock", async () => {
    const { context, page } = await visit('/shop/p/work-jacket');
    await page.selectOption('#product-option-0', 'M');
    await page.selectOption('#product-option-1', 'Navy');
    await page.selectOption('#product-option-2', 'Relaxed');
    await expect(text(page, '.product-sold-out')).resolves.toBe('Back in spring');
    await page.selectOption('#product-option-2', 'Regular');
    await expect(page.locator('.product-sold-out').count()).resolves.toBe(0);
    await context.close();
  });

  it('shows scarcity by default, then the chosen variant’s', async () => {
    const { context, page } = await visit('/shop/p/wool-beanie');
    await expect(text(page, '.product-scarcity')).resolves.toBe('Only 3 left');
    // The beanie offers its colours as radios (variantDisplay: radio).
    await page.getByRole('radio', { name: 'Charcoal', exact: true }).check();
    await expect(text(page, '.product-scarcity')).resolves.toBe('Only 1 left');
    await page.getByRole('radio', { name: 'Rust', exact: true }).check();
    await expect(page.locator('.product-scarcity').count()).resolves.toBe(0);
    await context.close();
  });

  it('narrows the other option to compatible values (product branching is on in the demo)', async () => {
    const { context, page } = await visit('/shop/p/stoneware-mug');
    const glazes = () =>
      page.$$eval('#product-option-1 option', (options) =>
        options.map((option) => (option as HTMLOptionElement).value),
      );
    const all = await glazes();
    expect(all.length).toBeGreaterThan(2);
    await page.selectOption('#product-option-0', '8 oz');
    await expect(glazes()).resolves.toEqual(['', 'Sea', 'Sand']);
    await context.close();
  });

  it('refreshes stock on load, so a cached page never offers stock that is gone', async () => {
    const { context, page } = await visit('/shop/p/linen-shirt', {
      setup: async (p) => {
        await p.route('**/api/commerce/inventory/stock/**', async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as {
            results: { sku: string; qtyInStock: number }[];
          };
          for (const result of body.results) if (result.sku === 'LS-SAND-M') result.qtyInStock = 0;
          await route.fulfill({ response, json: body });
        });
      },
    });
    await page.selectOption('#product-option-0', 'M');
    await page.selectOption('#product-option-1', 'Sand');
    await expect(text(page, '.product-sold-out')).resolves.toBe('Sold Out');
    await context.close();
  });
});

describe('adding to the cart', () => {
  it('shows Adding… with its width kept, Added! after 1 s, and Add to Cart 2 s later', async () => {
    const { context, page, problems } = await visit('/shop/p/linen-shirt', { clock: true });
    await page.clock.pauseAt(new Date(START.getTime() + 60_000));
    await page.selectOption('#product-option-0', 'M');
    await page.selectOption('#product-option-1', 'Sand');
    const button = page.locator('button.product-add');
    const width = (await button.boundingBox())?.width ?? 0;
    await button.click();
    await expect(button.textContent()).resolves.toBe('Adding…');
    const locked = await button.evaluate((element) => parseFloat(element.style.width));
    expect(locked).toBeCloseTo(width, 1);
    await page.locator('.product-form-status', { hasText: 'Added to cart.' }).waitFor();
    await page.clock.runFor(999);
    await expect(button.textContent()).resolves.toBe('Adding…');
    await page.clock.runFor(1);
    await expect(button.textContent()).resolves.toBe('Added!');
    await page.clock.runFor(1999);
    await expect(button.textContent()).resolves.toBe('Added!');
    await page.clock.runFor(1);
    await expect(button.textContent()).resolves.toBe('Add to Cart');
    await expect(text(page, '.template-cart-count')).resolves.toBe('1');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('adds once per Enter or Space, and shows a refusal in an alert titled Unable to Add Item', async () => {
    const { context, page } = await visit('/shop/p/linen-shirt');
    await page.selectOption('#product-option-0', 'S');
    await page.selectOption('#product-option-1', 'Sand');
    await page.fill('#product-quantity', '2');
    await page.focus('button.product-add');
    await page.keyboard.press('Enter');
    await page.locator('.product-form-status', { hasText: 'Added to cart.' }).waitFor();
    const cart = await page.evaluate(() =>
      fetch('/api/commerce/shopping-cart').then((response) => response.json()),
    );
    expect(cart).toMatchObject({ totalQuantity: 2 });
    // The button is idle again 3 s after the add (Added! in between).
    await page.waitForFunction(
      () => document.querySelector('button.product-add')?.textContent === 'Add to Cart',
    );
    await page.fill('#product-quantity', '1');
    await page.focus('button.product-add');
    await page.keyboard.press('Space');
    await page.waitForFunction(
      () => document.querySelector('button.product-add')?.textContent === 'Added!',
    );
    const after = await page.evaluate(() =>
      fetch('/api/commerce/shopping-cart').then((response) => response.json()),
    );
    expect(after).toMatchObject({ totalQuantity: 3 });
    // More than the 3 in stock (a sold-out variant's button is disabled and sends nothing).
    await page.selectOption('#product-option-0', 'M');
    await page.fill('#product-quantity', '5');
    await page.locator('button.product-add').click();
    await expect(page.locator('.product-form-alert').textContent()).resolves.toBe(
      'Unable to Add ItemSorry, we do not have enough of that item available.',
    );
    await context.close();
  });

  it('goes straight to the checkout with the express Purchase button', async () => {
    const { context, page } = await visit('/shop/p/field-notebook');
    await page.locator('button.product-express').click();
    await page.waitForURL(/\/checkout\?cartToken=[\w-]+$/);
    await context.close();
  });

  it('starts a subscription and continues on the subscription page', async () => {
    const { context, page } = await visit('/shop/p/tea-of-the-month');
    await expect(text(page, '.product-price')).resolves.toBe('$16.00 every month for 1 year');
    await page.locator('button.product-add', { hasText: 'Subscribe' }).click();
    await page.waitForURL(/\/commerce\/subscription\?cartToken=[\w-]+$/);
    await context.close();
  });

  it('asks a gift card for its denomination, then opens the gift card page with it', async () => {
    const { context, page } = await visit('/shop/p/store-gift-card');
    await page.locator('button.product-gift-card').click();
    await expect(page.locator('.product-form-alert').textContent()).resolves.toBe(
      'Unable to purchase Gift CardSelect a denomination for the Gift Card',
    );
    await page.selectOption('#product-option-0', 'GIFT-50');
    await page.locator('button.product-gift-card').click();
    await page.waitForURL(`${store.origin}/commerce/gift-card?itemId=store-gift-card&sku=GIFT-50`);
    await context.close();
  });

  it('adds the same way with JavaScript off', async () => {
    const { context, page } = await visit('/shop/p/linen-shirt', { javaScriptEnabled: false });
    await page.selectOption('#product-option-0', 'M');
    await page.selectOption('#product-option-1', 'Indigo');
    await page.click('button.product-add');
    await page.waitForURL(`${store.origin}/cart`);
    await expect(text(page, '.cart-entry-title')).resolves.toContain('Linen Shirt');
    await context.close();
  });
});

describe('extra fields', () => {
  it('asks them in the lightbox with JavaScript on and sends the answers with the entry', async () => {
    const { context, page, problems } = await visit('/shop/p/monogram-handkerchief');
    await expect(page.locator('form.product-form #product-field-initials').count()).resolves.toBe(
      0,
    );
    await page.locator('button.product-add').click();
    const lightbox = page.locator('dialog.lightbox');
    await lightbox.locator('#extra-field-initials').fill('AB');
    await lightbox.locator('#extra-field-thread').selectOption('Navy');
    await lightbox.locator('button[type="submit"]').click();
    await page.locator('.product-form-status', { hasText: 'Added to cart.' }).waitFor();
    const cart = (await page.evaluate(() =>
      fetch('/api/commerce/shopping-cart').then((response) => response.json()),
    )) as { entries: { additionalFields?: unknown }[] };
    expect(JSON.stringify(cart.entries[0])).toContain('AB');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('quick view', () => {
  // The loader has run once the header's cart count is hydrated; the quick view waits for a shopper.
  const LOADER_RAN = 'vitrine-island[data-island="CartCount"][data-hydrated="true"]';
  const QUICK_VIEW_CODE = /\/assets\/(QuickView|ProductForm)-[^/]*\.js$/;

  it('opens the product form in a dialog over the collection, records it, and adds from it', async () => {
    let recorded = '';
    const code: string[] = [];
    const { context, page, problems } = await visit('/shop', {
      hydrated: LOADER_RAN,
      setup: async (p) => {
        p.on('request', (request) => {
          if (request.url().includes('/api/census/RecordQuickView/')) recorded = request.url();
          if (QUICK_VIEW_CODE.test(request.url())) code.push(request.url());
        });
      },
    });
    const opener = page.locator('a.product-quick-view[href="/shop/p/linen-shirt"]');
    await expect(opener.textContent()).resolves.toBe('Quick View: Linen Shirt');
    await page.waitForLoadState('networkidle');
    // Neither the quick view's code nor the product form's is fetched before the first open.
    expect(code).toEqual([]);
    await opener.click();
    const dialog = page.locator('dialog.quick-view[open]');
    await dialog.waitFor();
    expect(recorded).toBe(`${store.origin}/api/census/RecordQuickView/linen-shirt`);
    await dialog.locator('#product-option-0').selectOption('M');
    await dialog.locator('#product-option-1').selectOption('Sand');
    await expect(dialog.locator('.product-price').textContent()).resolves.toBe('$68.00');
    await dialog.locator('button.product-add').click();
    await dialog.locator('.product-form-status', { hasText: 'Added to cart.' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.keyboard.press('Escape');
    await page.locator('dialog.quick-view').waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('href'))).resolves.toBe(
      '/shop/p/linen-shirt',
    );
    expect(code.some((url) => url.includes('/assets/QuickView-'))).toBe(true);
    expect(code.some((url) => url.includes('/assets/ProductForm-'))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens from the keyboard on first use, its code fetched only then', async () => {
    const code: string[] = [];
    const { context, page, problems } = await visit('/shop', {
      hydrated: LOADER_RAN,
      setup: async (p) => {
        p.on('request', (request) => {
          if (QUICK_VIEW_CODE.test(request.url())) code.push(request.url());
        });
      },
    });
    await page.waitForLoadState('networkidle');
    expect(code).toEqual([]);
    await page.locator('a.product-quick-view[href="/shop/p/linen-shirt"]').focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog.quick-view[open]');
    await dialog.waitFor();
    // The dialog opened over the collection: the link's navigation did not happen.
    expect(new URL(page.url()).pathname).toBe('/shop');
    await expect(dialog.locator('.product-title').textContent()).resolves.toBe('Linen Shirt');
    expect(code.length).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await page.locator('dialog.quick-view').waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
