/**
 * Links the client code a rendered page needs, just before </body>: the error reporter and the
 * visitor analytics on every page (its commerce events on commerce and search pages), the page-speed
 * collector's after-load starter where the site turned it on, the
 * cookie banner island where the site's restrictive cookie policy asks for consent, the checkout
 * page's totals script on the checkout page, and the
 * island loader with a modulepreload for each chunk of the page's islands (but those hydrated on
 * interaction). The clients read the
 * page's values from an inert `<template id="vitrine-page" data-page="…">` (the CSP allows no
 * inline script).
 *
 * None of them is fetched before the first paint: they wait in an inert
 * `<template id="vitrine-scripts">`, and the one script the page links directly, the script
 * starter (src/clients/script-start/), puts them into the document once the first paint and the
 * main image are on screen. Over HTTP/1.1 the browser has six connections to the host; when some
 * twenty script files were discovered with the HTML they took connections and shares of a slow
 * link from the stylesheets, fonts and main image even at low priority, and the product page's
 * LCP came 1.18–1.33× its no-JS copy's (bench/README.md, "Product page first paint"). They keep
 * `fetchpriority="low"`, which still ranks them behind the fonts and the images below the fold.
 */
import { ISLAND_TAG } from '../../shared/html/islands.ts';
import { PAGE_SCRIPTS_ELEMENT_ID } from '../../shared/html/page-scripts.ts';
import { PAGE_VALUES_ELEMENT_ID, type PageValues } from '../../shared/html/page-values.ts';
import type { IslandName } from '../../islands/registry.ts';
import { CENSUS_DISABLED_FLAG } from '../../shared/analytics/site-gate.ts';
import { escapeHtml } from '../../shared/html/escape-html.ts';
import { toMinorUnits } from '../../shared/money/to-money.ts';
import type { ClientAssets, ClientScript } from './client-assets.ts';
import { islandsIn, preloadedIslandsIn } from './islands.ts';
import { PAGE_TYPES } from './page-types.ts';
import type { SiteContext } from './site-context.ts';

/** What the page adds beside its HTML: its values, and whether the collector runs. */
export interface PageClientValues {
  readonly values: PageValues;
  readonly pageSpeed: boolean;
  /** The banner's props when the site asks for cookie consent, else null. */
  readonly cookieBanner: { readonly text: string | null } | null;
}

/**
 * Product page, search, show cart, order confirmed, commerce cart v2, subscription confirmed and
 * order received: they link the commerce events.
 */
export const COMMERCE_PAGES: readonly number[] = [50, 102, 200, 202, 205, 206, 207];

/** Site settings flags beside the storefront's (settings.featureFlags, read as given). */
export const PAGE_SPEED_FLAG = 'pageSpeedCollector';
export { CENSUS_DISABLED_FLAG };
export const CLONEABLE_FLAG = 'cloneable';

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function cents(money: unknown): number {
  try {
    return toMinorUnits(money).minorUnits;
  } catch {
    return 0;
  }
}

/** A product page's product (template data as product-context.ts shapes it). */
function productOf(item: Record<string, unknown>): PageValues['product'] {
  const content = record(item.structuredContent);
  const id = text(item.id);
  if (id === null || typeof content.productType !== 'number') return null;
  const variants = Array.isArray(content.variants) ? content.variants.map(record) : [];
  const prices = variants.map((variant) =>
    Number(variant.onSale === true ? variant.salePrice : variant.price),
  );
  const cheapest = Math.min(...prices.filter(Number.isSafeInteger));
  return {
    id,
    title: text(item.title) ?? '',
    productType: content.productType,
    priceCents: Number.isFinite(cheapest) ? Math.max(0, cheapest) : 0,
    layout: item.variantDisplay === 'radio' ? 'radio' : 'dropdown',
  };
}

/** The logged-in site user as the v0 events name a member. */
function memberOf(siteUser: Record<string, unknown>, siteLanguage: string): PageValues['member'] {
  const id = text(siteUser.id);
  return id === null ? null : { accountId: id, locale: siteLanguage };
}

/** A confirmed order's order (order-page.ts: order confirmed or subscription confirmed). */
function orderOf(order: Record<string, unknown>, siteCurrency: string): PageValues['order'] {
  const id = text(order.id);
  if (id === null) return null;
  const entries = Array.isArray(order.entries) ? order.entries.map(record) : [];
  return {
    id,
    cartId: text(order.cartId),
    testMode: order.testMode === true,
    currency: text(order.currency) ?? siteCurrency,
    grandTotalCents: cents(order.grandTotalMoney),
    taxCents: cents(order.taxMoney),
    shippingCents: cents(order.shippingCostMoney),
    items: entries.map((entry) => ({
      itemId: text(entry.itemId) ?? '',
      variantId: text(entry.variantId),
      sku: text(entry.sku),
      title: text(entry.title) ?? '',
      quantity: typeof entry.quantity === 'number' ? entry.quantity : 0,
      priceCents: cents(entry.unitPriceMoney),
    })),
  };
}

/** The page values (docs/behaviour/templates.md#page-context-values) the clients read, from the site and the page's context. */
export function pageClientValues(
  site: SiteContext,
  context: Readonly<Record<string, unknown>>,
): PageClientValues {
  const page = record(context.pageContext);
  const flags: Record<string, unknown> = site.settings.featureFlags;
  const cookies = site.cookieSettings;
  const roles = Array.isArray(page.websiteRoles)
    ? page.websiteRoles.filter((role): role is number => typeof role === 'number')
    : [];
  const item = record(context.item);
  const values: PageValues = {
    websiteId: site.website.id,
    templateId: site.website.templateId,
    pageType: typeof context.pageType === 'number' ? context.pageType : 0,
    collectionId: text(page.collectionId),
    itemId: text(page.itemId),
    locale: site.website.language,
    timeZone: site.website.timeZone,
    currency: site.website.currency,
    signedIn: page.authenticatedAccountId != null,
    websiteRoles: roles,
    cookieBanner: cookies.isCookieBannerEnabled,
    restrictiveCookies: cookies.isRestrictiveCookiePolicyEnabled,
    cloneable: flags[CLONEABLE_FLAG] === true,
    censusDisabled: flags[CENSUS_DISABLED_FLAG] === true,
    visitorMetrics: site.featureFlags.visitorMetrics,
    formHandler: site.featureFlags.formHandler,
    purchaseEvents: site.featureFlags.analyticsPurchaseEvents,
    cartQuantity: Number(record(context.cart).totalQuantity) || 0,
    product: item.recordType === 11 ? productOf(item) : null,
    member: memberOf(record(context.siteUser), site.website.language),
    order:
      context.order === undefined ? null : orderOf(record(context.order), site.website.currency),
  };
  const asksConsent = cookies.isRestrictiveCookiePolicyEnabled && cookies.isCookieBannerEnabled;
  return {
    values,
    pageSpeed: flags[PAGE_SPEED_FLAG] === true,
    cookieBanner: asksConsent ? { text: text(cookies.cookieBannerText) } : null,
  };
}

/**
 * Islands that add to the cart wherever they are placed (a collection page's Quick View, a
 * product block on any page): their adds are tracked, so the commerce events come with them.
 */
const PURCHASE_ISLANDS: readonly IslandName[] = ['QuickView', 'ProductForm'];

function hasPurchaseIsland(html: string): boolean {
  const islands = islandsIn(html);
  return PURCHASE_ISLANDS.some((island) => islands.has(island));
}

/** A module preload that waits for what the first paint needs (see above). */
export function modulePreloadTag(url: string): string {
  return `<link rel="modulepreload" href="${url}" fetchpriority="low">`;
}

/** A module script, fetched after what the first paint needs (see above). */
export function moduleScriptTag(url: string): string {
  return `<script type="module" src="${url}" fetchpriority="low"></script>`;
}

function clientTags(client: ClientScript | undefined): string[] {
  if (!client) return [];
  return [...client.imports.map(modulePreloadTag), moduleScriptTag(client.url)];
}

/**
 * The cookie banner island. It renders nothing on the server (the answer lives in the visitor's
 * storage), so the loader hydrates an empty element and the banner appears only when it must ask.
 */
function cookieBannerIsland(props: { readonly text: string | null }): string {
  const json = escapeHtml(JSON.stringify(props));
  return `<${ISLAND_TAG} data-island="CookieBanner" data-hydrate="idle" data-props="${json}"></${ISLAND_TAG}>`;
}

/**
 * The page's scripts as it links them: inside the inert template the script starter reads, with
 * the starter after it (src/clients/script-start/); linked directly only by a build without
 * the starter.
 */
function linkedScripts(tags: readonly string[], assets: ClientAssets): string {
  const starter = assets.clients?.scriptStart;
  if (tags.length === 0 || !starter) return tags.join('');
  return `<template id="${PAGE_SCRIPTS_ELEMENT_ID}">${tags.join('')}</template>${clientTags(starter).join('')}`;
}

export function withClientScripts(
  html: string,
  assets: ClientAssets | undefined,
  page?: PageClientValues,
): string {
  if (!assets) return html;
  const elements: string[] = [];
  const scripts: string[] = [];
  if (page) {
    if (page.cookieBanner) elements.push(cookieBannerIsland(page.cookieBanner));
    elements.push(
      `<template id="${PAGE_VALUES_ELEMENT_ID}" data-page="${escapeHtml(JSON.stringify(page.values))}"></template>`,
    );
    scripts.push(
      ...clientTags(assets.clients?.errorReporter),
      ...clientTags(assets.clients?.analytics),
      ...(COMMERCE_PAGES.includes(page.values.pageType) || hasPurchaseIsland(html)
        ? clientTags(assets.clients?.analyticsCommerce)
        : []),
      // The collector itself comes after the load event (src/clients/page-speed/after-load.ts).
      ...(page.pageSpeed ? clientTags(assets.clients?.pageSpeedAfterLoad) : []),
      ...(page.values.pageType === PAGE_TYPES.CHECKOUT
        ? clientTags(assets.clients?.checkoutTotals)
        : []),
    );
  }
  const withElements = html + elements.join('');
  if (islandsIn(withElements).size > 0) {
    // The loader (React's runtime, 68 KB) and the chunks it and the load islands import come
    // first: nothing hydrates before all of them have arrived, while the clients can wait.
    scripts.unshift(
      ...[assets.loaderUrl, ...(assets.loaderImports ?? [])].map(modulePreloadTag),
      ...assets.chunksFor(preloadedIslandsIn(withElements)).map(modulePreloadTag),
    );
    scripts.push(moduleScriptTag(assets.loaderUrl));
  }
  const all = elements.join('') + linkedScripts([...new Set(scripts)], assets);
  if (all === '') return html;
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + all : html.slice(0, end) + all + html.slice(end);
}
