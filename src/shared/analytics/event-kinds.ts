/**
 * What an analytics row counts as in the owner's reports, and which endpoint took it. Shared by
 * the database CHECK constraints and the ingestion code so the two cannot drift.
 */

export const ANALYTICS_SOURCES = ['census', 'event-v0', 'event-v2'] as const;
export type AnalyticsSource = (typeof ANALYTICS_SOURCES)[number];

export const ANALYTICS_EVENT_KINDS = [
  'page_view',
  'product_view',
  'quick_view',
  'add_to_cart',
  'purchase',
  'button_click',
  'button_render',
  'form_render',
  'overlay',
  'other',
] as const;
export type AnalyticsEventKind = (typeof ANALYTICS_EVENT_KINDS)[number];

/** Tracking event names (docs/behaviour/analytics.md#storefront-tracking-events) as the reports count them, after normalising. */
const NAMED_KINDS: Readonly<Record<string, AnalyticsEventKind>> = {
  'page view': 'page_view',
  pageview: 'page_view',
  'view product page': 'product_view',
  'visit product page': 'product_view',
  'product view': 'product_view',
  'view product': 'product_view',
  'quick view': 'quick_view',
  'add to cart': 'add_to_cart',
  addtocart: 'add_to_cart',
  purchase: 'purchase',
  'checkout confirmed': 'purchase',
};

/** Lower case, with `_`, `-` and runs of spaces as one space: 'Add_To_Cart' → 'add to cart'. */
export function normaliseEventName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

/**
 * The report kind of a tracking event name. Both 'checkout confirmed' and 'purchase' are kept as
 * purchase rows; the owner reports count one purchase per order id across them, not here.
 */
export function kindOfEventName(name: string): AnalyticsEventKind {
  return NAMED_KINDS[normaliseEventName(name)] ?? 'other';
}
