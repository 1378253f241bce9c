/**
 * Layout shift caused by hydration, for Chromium tests: waits until every island on the page
 * has hydrated (or reported its failure), except those that hydrate on the shopper's first
 * interaction with them (the `interaction` directive), those waiting for the viewport being
 * scrolled into it first, then sums the layout-shift entries not caused by input
 * (buffered, so shifts before the call count too). 0 means hydration moved nothing.
 */
import type { Page } from 'playwright-core';

export async function layoutShiftAfterHydration(page: Page): Promise<number> {
  // Islands that hydrate when they come into view (reviews further down) are brought into view
  // one by one, as a reader scrolling down would, so their hydration is measured too.
  // (An island element lays out as its contents, so the page is scrolled to each one's place.)
  const visible = 'vitrine-island[data-hydrate="visible"]';
  for (let index = 0; index < (await page.locator(visible).count()); index += 1) {
    await page.evaluate(
      ([selector, at]) => {
        const island = document.querySelectorAll(selector)[at];
        const box = island?.firstElementChild?.getBoundingClientRect();
        if (box) window.scrollBy(0, box.top - window.innerHeight / 2);
      },
      [visible, index] as const,
    );
    await page.locator(visible).nth(index).and(page.locator('[data-hydrated]')).waitFor({
      state: 'attached',
    });
  }
  await page.waitForFunction(() =>
    [...document.querySelectorAll('vitrine-island')].every(
      (island) =>
        (island as HTMLElement).dataset.hydrated !== undefined ||
        (island as HTMLElement).dataset.hydrate === 'interaction',
    ),
  );
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        // Buffered entries arrive in the first callback; a shift still under way gets a moment.
        setTimeout(() => resolve(total), 200);
      }),
  );
}
