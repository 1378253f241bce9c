/**
 * The whole template context of a page view (docs/behaviour/templates.md#template-data; README.md in this folder lists
 * its top-level keys): the cached site context, the visitor's part (cart, site user, owner
 * roles), the page's own data with its per-product contexts, and the page context values.
 * Pure: the page renderer does the reads and hands the results in.
 */
import { seoContext } from './seo.ts';
import type { CartLine, StoredCart } from '../../shared/cart/build-cart.ts';
import { buildCart } from '../../shared/cart/build-cart.ts';
import type { Money } from '../../shared/money/to-money.ts';
import { toMoney } from '../../shared/money/to-money.ts';
import { withProductContexts } from './merchandising-context.ts';
import { PAGE_TYPES } from './page-types.ts';
import type { SiteContext } from './site-context.ts';

export interface CartContext {
  readonly totalQuantity: number;
  readonly subtotalCents: number;
  readonly subtotalMoney: Money;
  /** "Cart: entries with quantity" (docs/behaviour/templates.md#template-data). */
  readonly entries: readonly { readonly itemId: string; readonly quantity: number }[];
}

export function cartContext(
  cart: { readonly cart: StoredCart; readonly lines: readonly CartLine[] } | undefined,
  siteCurrency: string,
): CartContext {
  if (!cart) {
    return {
      totalQuantity: 0,
      subtotalCents: 0,
      subtotalMoney: toMoney(0, siteCurrency),
      entries: [],
    };
  }
  const built = buildCart(cart.cart, cart.lines);
  return {
    totalQuantity: built.totalQuantity,
    subtotalCents: built.subtotalCents,
    subtotalMoney: built.subtotalAmount,
    entries: built.entries.map((entry) => ({ itemId: entry.itemId, quantity: entry.quantity })),
  };
}

/** What a request brings: who is looking, and from where. No secrets: never a token or a hash. */
export interface VisitorInput {
  /** protocol://host the page was asked for. */
  readonly baseUrl: string;
  readonly crumb: string;
  readonly cart: CartContext;
  readonly siteUser: { readonly id: string; readonly email: string } | null;
  readonly owner: { readonly id: string; readonly role: number } | null;
}

export interface PageInput {
  readonly pageType: number;
  readonly title: string | undefined;
  readonly context: Readonly<Record<string, unknown>>;
}

/** Where templates link the theme's assets from (`{theme.assetRoot}/site.css`). */
export interface ThemeContext {
  readonly assetRoot: string;
}

export const THEME_CONTEXT: ThemeContext = { assetRoot: '/theme' };

const PAGES_WITHOUT_CART_PILL: ReadonlySet<number> = new Set([
  PAGE_TYPES.SHOW_CART,
  PAGE_TYPES.COMMERCE_CART_V2,
  PAGE_TYPES.CHECKOUT,
  PAGE_TYPES.ORDER_CONFIRMED,
  PAGE_TYPES.SUBSCRIPTION_CONFIRMED,
]);

function idOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id } = value as { id?: unknown };
  return typeof id === 'string' ? id : undefined;
}

export function buildTemplateContext(
  site: SiteContext,
  visitor: VisitorInput,
  page: PageInput,
  theme: ThemeContext = THEME_CONTEXT,
): Record<string, unknown> {
  const { productMerchandisingContext, page: pageData } = withProductContexts(page.context, site);
  const pageContext = {
    websiteId: site.website.id,
    templateId: site.website.templateId,
    templateVersion: site.website.templateVersion,
    authenticatedAccountId: visitor.owner?.id ?? null,
    websiteRoles: visitor.owner ? [visitor.owner.role] : [],
    pageType: page.pageType,
    collectionId: idOf(pageData.collection) ?? null,
    itemId: idOf(pageData.item) ?? null,
    cookieSettings: site.cookieSettings,
    storeSettings: site.websiteSettings.storeSettings,
  };
  return {
    navigation: site.navigation,
    featureFlags: site.featureFlags,
    // The engine's product-status reads the reference's key names for the site's strings.
    localizedStrings: {
      ...site.localizedStrings,
      productSoldOutText: site.localizedStrings.soldOut,
      productSaleText: site.localizedStrings.sale,
    },
    siteStyles: site.siteStyles,
    footer: site.footer,
    cart: visitor.cart,
    siteUser: visitor.siteUser,
    ...pageData,
    productMerchandisingContext,
    website: { ...site.website, baseUrl: visitor.baseUrl },
    websiteSettings: site.websiteSettings,
    pageContext,
    seo: seoContext({
      baseUrl: visitor.baseUrl,
      siteTitle: site.website.siteTitle,
      currency: site.website.currency,
      footer: site.footer,
      page: pageData,
      isHome: 'home' in pageData,
    }),
    pageType: page.pageType,
    // The floating cart pill covers form fields on a phone and points to where the shopper
    // already is: not on the cart, checkout and confirmation pages.
    showCartPill: !PAGES_WITHOUT_CART_PILL.has(page.pageType),
    pageTitle: page.title,
    // Plain HTML forms post it back as their hidden `crumb` field (docs/behaviour/api-and-data-rules.md#sessions-and-csrf).
    crumb: visitor.crumb,
    theme,
  };
}
