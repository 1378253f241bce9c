/**
 * The page context values the browser clients read (docs/behaviour/templates.md#page-context-values):
 * the server renders them as inert JSON in the `data-page` attribute of an empty
 * `<template id="vitrine-page">` (the CSP allows no inline script). The server's page-scripts.ts
 * writes them and src/clients/analytics/page-values.ts reads them: this shape is shared by both.
 */

export const PAGE_VALUES_ELEMENT_ID = 'vitrine-page';

/** A product page's product, for the commerce events' item fields (docs/behaviour/analytics.md#storefront-tracking-events). */
export interface PageProduct {
  readonly id: string;
  readonly title: string;
  readonly productType: number;
  /** What the cheapest variant costs now, in minor units. */
  readonly priceCents: number;
  /** How the page offers the variants (the product's own choice): the events' pdp_layout. */
  readonly layout: 'dropdown' | 'radio';
}

/** The logged-in site user (a member of the site), for the v0 events' member fields. */
export interface PageMember {
  readonly accountId: string;
  /** Members have no language of their own yet: the site's. */
  readonly locale: string;
}

/** One line of a confirmed order, for the purchase event's items. */
export interface PageOrderItem {
  readonly itemId: string;
  readonly variantId: string | null;
  readonly sku: string | null;
  readonly title: string;
  readonly quantity: number;
  /** What one unit cost, in the order's minor units. */
  readonly priceCents: number;
}

/**
 * A confirmed order (order confirmation 202, subscription confirmed 206, order received 207),
 * for the checkout confirmed and purchase events (docs/behaviour/analytics.md#storefront-tracking-events). Amounts in minor units of
 * the order's own currency.
 */
export interface PageOrder {
  readonly id: string;
  readonly cartId: string | null;
  /** Paid through the test-mode payment provider. */
  readonly testMode: boolean;
  readonly currency: string;
  readonly grandTotalCents: number;
  readonly taxCents: number;
  readonly shippingCents: number;
  readonly items: readonly PageOrderItem[];
}

export interface PageValues {
  readonly websiteId: string;
  readonly templateId: string;
  readonly pageType: number;
  readonly collectionId: string | null;
  readonly itemId: string | null;
  readonly locale: string;
  readonly timeZone: string;
  readonly currency: string;
  /** An owner or editor is signed in to the site's admin (docs/behaviour/analytics.md#who-is-counted). */
  readonly signedIn: boolean;
  readonly websiteRoles: readonly number[];
  readonly cookieBanner: boolean;
  readonly restrictiveCookies: boolean;
  readonly cloneable: boolean;
  /** The site turned the census off: no analytics at all. */
  readonly censusDisabled: boolean;
  /** Feature gates: visitorMetrics (all analytics), formHandler (form events), purchase events. */
  readonly visitorMetrics: boolean;
  readonly formHandler: boolean;
  readonly purchaseEvents: boolean;
  readonly cartQuantity: number;
  readonly product: PageProduct | null;
  readonly order: PageOrder | null;
  /** Absent on pages rendered for no one in particular (shared pages, tests of older values). */
  readonly member?: PageMember | null;
}
