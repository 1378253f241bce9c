/** What the product pages read besides the product: the store's currency. */
import { useDashboard } from './queries.ts';

/** The store's currency (the dashboard report names it; every role may read that report). */
export function useStoreCurrency(): string {
  return useDashboard('today').data?.currency ?? 'USD';
}
