/**
 * What a shopper's walk through the default theme found, held in Chromium: on a phone nothing
 * on the checkout, gift card or contact page pokes out of the page's content column (a
 * fieldset used to grow to its code field and Apply button); the contact form's group labels
 * line up with its other labels; addresses are plain text; and on a wide screen
 * the gift card page shows its picture beside its form, as a product page does.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addShirt } from '../helpers/checkout-form.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const store = useStore();
const GIFT_CARD = '/commerce/gift-card?itemId=store-gift-card';

/** Visible elements of the main column whose box crosses its content edges (1rem padding). */
function outsideColumn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) throw new Error('no main');
    const column = main.getBoundingClientRect();
    const padding = Number.parseFloat(getComputedStyle(main).paddingLeft);
    return [...main.querySelectorAll('*')]
      .filter((element) => element.checkVisibility() && element.getBoundingClientRect().width > 0)
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.left < column.left + padding - 1 || box.right > column.right - padding + 1;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
  });
}

describe('the theme on a phone (390 px)', () => {
  it('keeps the checkout, gift card and contact pages inside their column', async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await addShirt(page, store.origin);
    for (const path of ['/checkout', GIFT_CARD, '/contact']) {
      await page.goto(`${store.origin}${path}`);
      await expect(outsideColumn(page), path).resolves.toEqual([]);
      await expect(
        page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        path,
      ).resolves.toBeLessThanOrEqual(0);
    }
    // The contact form's group labels (Name, Phone) start where its other labels (Email) do.
    const lefts = await page.evaluate(() =>
      [...document.querySelectorAll('.page-form-field legend, .page-form-field > label')].map(
        (label) => Math.round(label.getBoundingClientRect().left),
      ),
    );
    expect(lefts.length).toBeGreaterThan(2);
    expect(new Set(lefts).size).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the gift card page at 1280 px', () => {
  it('shows the picture beside the heading and the form', async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${store.origin}${GIFT_CARD}`);
    const boxes = await page.evaluate(() =>
      ['.gift-card-image', '.gift-card-page h1', '.gift-card-form'].map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        if (!box) throw new Error(`no ${selector}`);
        return { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
      }),
    );
    const [image, heading, form] = boxes;
    if (!image || !heading || !form) throw new Error('missing boxes');
    expect(heading.left).toBeGreaterThan(image.right);
    expect(form.left).toBeGreaterThan(image.right);
    expect(Math.abs(heading.top - image.top)).toBeLessThanOrEqual(16);
    // The form's Purchase button is on the first screen, beside the picture, not below it.
    expect(form.bottom).toBeLessThan(900);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('addresses', () => {
  it("read as plain text, not the browser's italics, wherever the theme shows one", async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    await page.goto(`${store.origin}/`);
    // An order's shipping address is an <address> in main, as the footer's contact is.
    const styles = await page.evaluate(() => {
      const inMain = document.createElement('address');
      inMain.textContent = '1 Main St';
      document.querySelector('main')?.append(inMain);
      return [...document.querySelectorAll('address')].map(
        (address) => getComputedStyle(address).fontStyle,
      );
    });
    expect(styles.length).toBeGreaterThan(1);
    expect(styles.every((style) => style === 'normal')).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
