/**
 * Full-page screenshots show the page as a shopper scrolling down it sees it: pictures the page
 * loads lazily (below the first screen) are asked for at once and awaited, or they would show
 * as empty boxes. Pictures inside closed dialogs (the product zoom) are left alone.
 */
import type { Page } from 'playwright-core';

export async function loadLazyPictures(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')].filter(
      (image) => image.closest('dialog') === null,
    );
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  });
}
