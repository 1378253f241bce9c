/**
 * Layout shift caused by hydration, for Chromium tests: waits until every island on the page
 * has hydrated (or reported its failure), except those that hydrate on the shopper's first
 * interaction with them (the `interaction` directive), then sums the layout-shift entries not caused by input
 * (buffered, so shifts before the call count too). 0 means hydration moved nothing.
 */
import type { Page } from 'playwright-core';

export async function layoutShiftAfterHydration(page: Page): Promise<number> {
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
