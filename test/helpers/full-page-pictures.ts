/**
 * Full-page screenshots, kept in test-results/screenshots/ only when asked for: `npm run
 * screenshots` sets VITRINE_SCREENSHOTS=1; the ordinary test run checks the same pages without
 * taking their pictures (the assertions never read a picture).
 *
 * A picture shows the page as a shopper scrolling down it sees it: pictures the page loads
 * lazily (below the first screen) are asked for at once and awaited, or they would show as empty
 * boxes. Pictures inside closed dialogs (the product zoom) are left alone.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/** Whether this run keeps full-page pictures (`npm run screenshots`). */
export function picturesWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.VITRINE_SCREENSHOTS === '1';
}

export async function loadLazyPictures(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')].filter(
      (image) => image.closest('dialog') === null,
    );
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  });
}

/**
 * Keeps the whole page as `test-results/screenshots/<file>` when pictures are wanted. A page
 * whose scripts are off (`javaScriptEnabled: false`) shows its lazy pictures as the browser
 * loads them: `scriptsOff` skips asking for them.
 */
export async function keepFullPagePicture(
  page: Page,
  file: string,
  { scriptsOff = false }: { readonly scriptsOff?: boolean } = {},
): Promise<void> {
  if (!picturesWanted()) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  if (!scriptsOff) await loadLazyPictures(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, file), fullPage: true });
}
