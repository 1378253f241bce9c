/**
 * The product page's main image in Chromium: it is in the HTML as sent (not lazy, with
 * `fetchpriority="high"`), it is the page's largest contentful paint, and its `sizes` is right —
 * at each window width and pixel density the browser picks the smallest rendition that still
 * covers the picture's displayed pixels, never a larger one.
 */
import { describe, expect, it } from 'vitest';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const store = useStore();
const PRODUCT = '/shop/p/linen-shirt';

describe("the product page's main image", () => {
  it('is discovered in the HTML with high priority and is the largest contentful paint', async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    await page.setViewportSize({ width: 412, height: 823 });
    const response = await page.goto(`${store.origin}${PRODUCT}`, { waitUntil: 'load' });
    const html = (await response?.text()) ?? '';
    const firstImage = /<img\b[^>]*>/.exec(html)?.[0] ?? '';
    expect(firstImage).toContain('fetchpriority="high"');
    expect(firstImage).not.toContain('loading="lazy"');
    expect(firstImage).toContain('linen-shirt-sand.jpg');
    // The image's LCP entry comes with the frame that paints it, which may follow the load event.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { lcpSeen: string[] }).lcpSeen = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[])
          seen.push(
            entry.element?.closest('.product-image')
              ? 'main image'
              : String(entry.element?.outerHTML),
          );
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await expect
      .poll(
        () => page.evaluate(() => (window as unknown as { lcpSeen: string[] }).lcpSeen.at(-1)),
        {
          timeout: 10_000,
        },
      )
      .toBe('main image');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is fetched in the smallest rendition that covers its displayed pixels', async () => {
    const cases = [
      { width: 412, scale: 1 },
      { width: 412, scale: 2.625 },
      { width: 800, scale: 1 },
      { width: 1280, scale: 1 },
      { width: 1280, scale: 2 },
      { width: 1920, scale: 1 },
    ];
    for (const { width, scale } of cases) {
      const at = `${width} px at ×${scale}`;
      const { context, page, problems } = await newVisitor(store.browser, {
        viewport: { width, height: 900 },
        deviceScaleFactor: scale,
      });
      await page.goto(`${store.origin}${PRODUCT}`, { waitUntil: 'load' });
      const image = await page
        .locator('.product-image img')
        .first()
        .evaluate((img) => {
          const element = img as HTMLImageElement;
          const candidates = element.srcset
            .split(',')
            .map((entry) => entry.trim().split(/\s+/))
            .map(([url = '', descriptor = '']) => ({
              url,
              width: Number.parseInt(descriptor, 10),
            }));
          return {
            displayed: element.getBoundingClientRect().width,
            current: element.currentSrc,
            candidates,
          };
        });
      const needed = image.displayed * scale;
      const covering = image.candidates
        .filter((candidate) => candidate.width >= needed)
        .sort((a, b) => a.width - b.width)[0];
      expect(covering, at).toBeDefined();
      expect(new URL(image.current).search, at).toBe(
        new URL(covering?.url ?? '', store.origin).search,
      );
      expect(problems, at).toEqual([]);
      await context.close();
    }
  });
});
