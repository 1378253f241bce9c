/**
 * The product page and product lists as a shopper sees them in Chromium: a sold-out variant's
 * button says so and sends nothing; thumbnails switch the main image in place (mouse, keyboard,
 * and with JavaScript off) and the chosen colour's image becomes the main one; the image on show
 * zooms into a full-screen lightbox (closer on request, Escape closing); the pay-later line
 * follows the chosen variant's price times the quantity; Quick View is a dialog with the image
 * beside the details; product cards show the product's image from its renditions, the whole card
 * is a link and Quick View sits inside it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVisitor, useStore, type Visitor } from '../helpers/e2e-store.ts';

const store = useStore();

const island = (name: string) => `vitrine-island[data-island="${name}"][data-hydrated="true"]`;

async function visit(
  path: string,
  options: { javaScriptEnabled?: boolean; width?: number; wait?: string } = {},
): Promise<Visitor> {
  const javaScriptEnabled = options.javaScriptEnabled ?? true;
  const visitor = await newVisitor(store.browser, { javaScriptEnabled });
  await visitor.page.setViewportSize({ width: options.width ?? 1280, height: 900 });
  await visitor.page.goto(`${store.origin}${path}`);
  if (javaScriptEnabled)
    await visitor.page.waitForSelector(options.wait ?? island('ProductForm'), {
      state: 'attached',
    });
  return visitor;
}

/** The src of the main image the shopper sees (the one figure on screen). */
const shownImage = (page: Page) =>
  page.locator('.product-media .product-image:visible img').getAttribute('src');

describe('a sold-out variant', () => {
  it('turns the add button into the sold-out text and sends nothing when it is pressed', async () => {
    const { context, page, problems } = await visit('/shop/p/linen-shirt');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/shopping-cart'))
        posts.push(request.url());
    });
    const add = page.locator('button.product-add');
    await page.selectOption('#product-option-0', 'L');
    await page.selectOption('#product-option-1', 'Sand');
    await expect.poll(() => add.textContent()).toBe('Sold Out');
    await expect(add.isDisabled()).resolves.toBe(true);
    await expect(page.locator('button.product-express').isDisabled()).resolves.toBe(true);
    await add.click({ force: true });
    await expect(page.locator('.product-form-alert').textContent()).resolves.toBe('');
    expect(posts).toEqual([]);
    // The restock form offers the sign-up for it instead.
    await expect(page.locator('.restock-form').isVisible()).resolves.toBe(true);
    await page.selectOption('#product-option-0', 'M');
    await expect.poll(() => add.textContent()).toBe('Add to Cart');
    await expect(add.isDisabled()).resolves.toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the product gallery', () => {
  it('switches the main image in place from the thumbnails, by mouse and by keyboard', async () => {
    const { context, page, problems } = await visit('/shop/p/linen-shirt');
    const start = page.url();
    await expect(shownImage(page)).resolves.toContain('linen-shirt-sand.jpg');
    await page.getByRole('radio', { name: 'Linen shirt in indigo, laid flat' }).click();
    await expect.poll(() => shownImage(page)).toContain('linen-shirt-indigo.jpg');
    expect(page.url()).toBe(start);
    await page.getByRole('radio', { name: 'Linen shirt in indigo, laid flat' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shownImage(page)).toContain('linen-shirt-sand.jpg');
    expect(page.url()).toBe(start);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('switches in place with JavaScript off too', async () => {
    const { context, page } = await visit('/shop/p/linen-shirt', { javaScriptEnabled: false });
    await page.getByRole('radio', { name: 'Linen shirt in indigo, laid flat' }).click();
    await expect.poll(() => shownImage(page)).toContain('linen-shirt-indigo.jpg');
    expect(new URL(page.url()).pathname).toBe('/shop/p/linen-shirt');
    await context.close();
  });

  it("shows the chosen colour's image as soon as the colour is chosen, before the size", async () => {
    const { context, page, problems } = await visit('/shop/p/linen-shirt');
    await page.selectOption('#product-option-1', 'Indigo');
    await expect.poll(() => shownImage(page)).toContain('linen-shirt-indigo.jpg');
    await page.selectOption('#product-option-1', 'Sand');
    await expect.poll(() => shownImage(page)).toContain('linen-shirt-sand.jpg');
    await page.selectOption('#product-option-0', 'M');
    await page.selectOption('#product-option-1', 'Indigo');
    await expect.poll(() => shownImage(page)).toContain('linen-shirt-indigo.jpg');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('zooming into the lightbox', () => {
  /** The zoom dialog open on the page, its picture's alt text, and whether it has loaded. */
  const openZoom = (page: Page) =>
    page.locator('dialog.product-zoom[open]').evaluate((dialog) => {
      const img = dialog.querySelector('img');
      return {
        alt: img?.alt ?? '',
        loaded: (img?.complete ?? false) && (img?.naturalWidth ?? 0) > 0,
        width: img?.getBoundingClientRect().width ?? 0,
      };
    });

  for (const javaScriptEnabled of [true, false]) {
    it(`opens the image on show full screen, closer on request, Escape closing (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const { context, page, problems } = await visit('/shop/p/linen-shirt', {
        javaScriptEnabled,
      });
      // The picture on show now is the indigo one, picked from the thumbnails.
      await page.getByRole('radio', { name: 'Linen shirt in indigo, laid flat' }).click();
      await expect.poll(() => shownImage(page)).toContain('linen-shirt-indigo.jpg');
      const zoom = page.locator('.product-image:visible .product-zoom-open');
      await expect(zoom.count()).resolves.toBe(1);
      await zoom.click();
      const dialog = page.getByRole('dialog', { name: /zoomed/ });
      await dialog.waitFor();
      await expect.poll(async () => (await openZoom(page)).loaded).toBe(true);
      const fitted = await openZoom(page);
      expect(fitted.alt).toBe('Linen shirt in indigo, laid flat');
      expect(fitted.width).toBeLessThanOrEqual(1280);
      // 'Zoom in' shows it at twice the fitted width, to scroll around; pressing again fits it.
      await dialog.getByRole('checkbox', { name: /^Zoom in/ }).check();
      await expect.poll(async () => (await openZoom(page)).width).toBeGreaterThan(1280);
      await dialog.getByRole('checkbox', { name: /^Zoom in/ }).uncheck();
      await expect.poll(async () => (await openZoom(page)).width).toBeLessThanOrEqual(1280);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect(zoom.evaluate((element) => element === document.activeElement)).resolves.toBe(
        true,
      );
      // The close button closes it too.
      await zoom.click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/shop/p/linen-shirt');
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('asks for the zoomed picture only when a zoom is opened', async () => {
    const { context, page } = await newVisitor(store.browser);
    // At 1280 px the page shows its pictures at 750 px or less; the zoom at the screen's width.
    const zoomed: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('format=1500w')) zoomed.push(request.url());
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${store.origin}/shop/p/linen-shirt`);
    await page.waitForLoadState('networkidle');
    expect(zoomed).toEqual([]);
    await page.locator('.product-image:visible .product-zoom-open').click();
    await expect.poll(() => zoomed.length).toBeGreaterThan(0);
    expect(zoomed.every((url) => url.includes('linen-shirt-sand.jpg'))).toBe(true);
    await context.close();
  });
});

describe('the pay-later line', () => {
  it("follows the chosen variant's price times the quantity", async () => {
    const { context, page, problems } = await visit('/shop/p/linen-shirt');
    await page.waitForSelector(island('PayLaterTeaser'), { state: 'attached' });
    const message = () => page.locator('.pay-later-message').textContent();
    await expect(message()).resolves.toBe('4 interest-free payments of $13.50');
    await page.selectOption('#product-option-0', 'M');
    await page.selectOption('#product-option-1', 'Sand');
    await expect.poll(message).toBe('4 interest-free payments of $17.00');
    await page.fill('#product-quantity', '2');
    await expect.poll(message).toBe('4 interest-free payments of $34.00');
    await page.selectOption('#product-option-1', 'Indigo');
    await expect.poll(message).toBe('4 interest-free payments of $36.00');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('Quick View', () => {
  it('is a dialog with the image beside the details, the title at the top', async () => {
    const { context, page, problems } = await visit('/shop', {
      wait: island('CartCount'),
    });
    await page.locator('a.product-quick-view[href="/shop/p/linen-shirt"]').click();
    const dialog = page.locator('dialog.quick-view[open]');
    await dialog.waitFor();
    await dialog.locator('.product-form').waitFor();
    const box = async (selector: string) => {
      const found = await dialog.locator(selector).first().boundingBox();
      if (!found) throw new Error(`${selector} is not on screen`);
      return found;
    };
    const frame = await box('.quick-view-product');
    const image = await box('.product-image img');
    const title = await box('.product-title');
    const close = await box('.quick-view-close');
    // Image on the left, details on the right, starting at the top of the dialog.
    expect(title.x).toBeGreaterThanOrEqual(image.x + image.width);
    expect(title.y - frame.y).toBeLessThan(80);
    expect(image.width).toBeGreaterThan(250);
    // The close button sits in the dialog's top right corner, over nothing.
    expect(frame.x + frame.width - (close.x + close.width)).toBeLessThan(40);
    expect(close.y - frame.y).toBeLessThan(40);
    expect(close.x).toBeGreaterThan(title.x);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('product cards', () => {
  it.each(['/', '/shop'])(
    '%s: each card shows its image from the renditions, links as a whole, holds Quick View',
    async (path) => {
      const { context, page, problems } = await visit(path, { wait: island('CartCount') });
      const cards = page.locator('.product-card');
      const count = await cards.count();
      expect(count).toBeGreaterThan(2);
      for (let index = 0; index < count; index += 1) {
        const card = cards.nth(index);
        const img = card.locator('img.product-card-image').first();
        await expect(img.getAttribute('srcset')).resolves.toMatch(/\?format=300w 300w/);
        await expect(img.getAttribute('sizes')).resolves.toBeTruthy();
        await img.scrollIntoViewIfNeeded();
        await expect
          .poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth))
          .toBeGreaterThan(0);
        const cardBox = await card.boundingBox();
        const quickView = await card.locator('.product-quick-view').boundingBox();
        if (!cardBox || !quickView) throw new Error('card or Quick View not on screen');
        expect(quickView.x).toBeGreaterThanOrEqual(cardBox.x);
        expect(quickView.y).toBeGreaterThanOrEqual(cardBox.y);
        expect(quickView.x + quickView.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
        expect(quickView.y + quickView.height).toBeLessThanOrEqual(cardBox.y + cardBox.height);
      }
      // A click on the picture (not the title) opens the product.
      const first = cards.first();
      const href = await first.locator('a.product-card-link').getAttribute('href');
      if (href === null) throw new Error('first card has no link');
      await first.locator('img.product-card-image').first().click();
      await page.waitForURL(`${store.origin}${href}`);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
