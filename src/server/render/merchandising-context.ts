/**
 * Adds the per-product contexts to the products a page shows (its `item` and `items`, shaped
 * by product-context.ts): the restock/scarcity context in `productMerchandisingContext[id]` at
 * the context root (where the `product-status` formatter reads `customSoldOutText`) and on the
 * item as `merchandising`, the pay-later context on the item as `payLater`, and the pay-later
 * teaser island's props as `payLaterTeaser` (with `shown`: the template renders the island only
 * then); on the cart page, `cartPage.payLaterTeaser` for the cart. Each variant
 * gets `soldOut` and, when scarcity shows for it, its `scarcity` text, so a template needs no
 * lookup by id. Other records pass through untouched.
 */
import { isSoldOutVariant } from '../../shared/catalog/stock-state.ts';
import { toMoney, type Money } from '../../shared/money/to-money.ts';
import { PRODUCT_TYPES } from '../../shared/catalog/product-types.ts';
import {
  PAY_LATER_INSTALLMENTS,
  payLaterOffered,
  teaserPropsShown,
  type PayLaterTeaserProps,
  type TeaserCart,
} from '../../shared/pay-later/index.ts';
import { payLaterContext, type PayLaterContext } from '../../shared/site-context/pay-later.ts';
import { restockContext, type RestockContext } from '../../shared/site-context/restock-context.ts';
import type { SiteContext } from './site-context.ts';

export { PAY_LATER_INSTALLMENTS };

/** The item record type of a store item (docs/behaviour/templates.md#enumerations). */
const RECORD_TYPE_STORE_ITEM = 11;

interface ItemVariant {
  readonly id: string;
  readonly unlimited: boolean;
  readonly qtyInStock: number;
  readonly price: number;
  readonly salePrice: number;
  readonly onSale: boolean;
}

interface ProductItem {
  readonly id: string;
  readonly recordType: number;
  readonly structuredContent: { readonly productType: number; readonly variants: ItemVariant[] };
}

function isProductItem(value: unknown): value is ProductItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<ProductItem>;
  return (
    item.recordType === RECORD_TYPE_STORE_ITEM &&
    typeof item.id === 'string' &&
    Array.isArray(item.structuredContent?.variants)
  );
}

/** What the product costs now: its cheapest variant's price, the sale price when on sale. */
function currentPrice(variants: readonly ItemVariant[]): number {
  const prices = variants.map((variant) => (variant.onSale ? variant.salePrice : variant.price));
  return prices.length === 0 ? 0 : Math.min(...prices);
}

/** The teaser island's props for a product (the product counts as the cart on its page). */
function payLaterTeaser(
  context: PayLaterContext,
  product: { readonly productType: number; readonly priceCents: number; readonly id?: string },
  site: SiteContext,
  cart?: TeaserCart,
): PayLaterTeaserProps & { readonly shown: boolean } {
  const strings = site.localizedStrings;
  const props: PayLaterTeaserProps = {
    ...(product.id === undefined ? {} : { itemId: product.id }),
    available: payLaterOffered({
      teaserEnabled: site.featureFlags.payLaterTeaser,
      stripeAccountCountry: context.stripeAccountCountry,
      currency: site.website.currency,
    }),
    productType: product.productType,
    totalCents: product.priceCents,
    minCents: context.afterPayMin,
    maxCents: context.afterPayMax,
    currency: site.website.currency,
    moneyLocale: site.website.language,
    providerLocale: context.shopperLanguage,
    strings: {
      payLaterText: strings.payLaterText,
      payLaterOneLine: strings.payLaterOneLine,
      payLaterMoreInformation: strings.payLaterMoreInformation,
      payLaterClosePopup: strings.payLaterClosePopup,
      payLaterInstallmentsBy: strings.payLaterInstallmentsBy,
    },
    ...(cart
      ? { cart: { totalQuantity: cart.totalQuantity, productTypes: [...cart.productTypes] } }
      : {}),
  };
  return { ...props, shown: teaserPropsShown(props) };
}

/** What the cart page hands over for its teaser (modules/cart/cart-page.ts). */
interface PayLaterCart extends TeaserCart {
  readonly subtotalCents: number;
}

function isPayLaterCart(value: unknown): value is PayLaterCart {
  if (typeof value !== 'object' || value === null) return false;
  const cart = value as Partial<PayLaterCart>;
  return (
    typeof cart.subtotalCents === 'number' &&
    typeof cart.totalQuantity === 'number' &&
    Array.isArray(cart.productTypes)
  );
}

/** The teaser on the cart page: the cart's subtotal, shown only when every item is physical. */
function cartPayLaterTeaser(cart: PayLaterCart, site: SiteContext) {
  const { subtotalCents, totalQuantity, productTypes } = cart;
  const context = payLaterContext(
    { productType: PRODUCT_TYPES.PHYSICAL, priceCents: subtotalCents },
    {
      language: site.website.language,
      currency: site.website.currency,
      teaserEnabled: site.featureFlags.payLaterTeaser,
      settings: site.settings,
    },
  );
  return payLaterTeaser(
    context,
    { productType: PRODUCT_TYPES.PHYSICAL, priceCents: subtotalCents },
    site,
    { totalQuantity, productTypes },
  );
}

export interface ProductContexts {
  readonly productMerchandisingContext: Record<string, RestockContext>;
  /** The page context with `payLater` on each product item. */
  readonly page: Record<string, unknown>;
}

export function withProductContexts(
  page: Readonly<Record<string, unknown>>,
  site: SiteContext,
): ProductContexts {
  const merchandising: Record<string, RestockContext> = {};
  const decorate = (value: unknown): unknown => {
    if (!isProductItem(value)) return value;
    const { productType, variants } = value.structuredContent;
    merchandising[value.id] = restockContext(
      { id: value.id, productType, variants },
      site.settings,
      site.localizedStrings,
    );
    const restock = merchandising[value.id];
    const priceCents = currentPrice(variants);
    const payLater: PayLaterContext & {
      readonly installments: number;
      readonly installmentMoney: Money;
    } = {
      ...payLaterContext(
        { productType, priceCents },
        {
          language: site.website.language,
          currency: site.website.currency,
          teaserEnabled: site.featureFlags.payLaterTeaser,
          settings: site.settings,
        },
      ),
      installments: PAY_LATER_INSTALLMENTS,
      installmentMoney: toMoney(
        Math.round(priceCents / PAY_LATER_INSTALLMENTS),
        site.website.currency,
      ),
    };
    return {
      ...value,
      structuredContent: {
        ...value.structuredContent,
        variants: variants.map((variant) => ({
          ...variant,
          soldOut: isSoldOutVariant(variant),
          scarcity: restock?.scarcityTemplateViews[variant.id],
        })),
      },
      merchandising: restock,
      optionsTableShown: site.settings.productMerchandising[value.id]?.optionsTableShown === true,
      payLater,
      payLaterTeaser: payLaterTeaser(payLater, { productType, priceCents, id: value.id }, site),
    };
  };
  const decorated: Record<string, unknown> = { ...page };
  if ('item' in page) decorated.item = decorate(page.item);
  if (Array.isArray(page.items)) decorated.items = page.items.map(decorate);
  const cartPage = page.cartPage as { payLaterCart?: unknown } | undefined;
  if (cartPage && isPayLaterCart(cartPage.payLaterCart))
    decorated.cartPage = {
      ...cartPage,
      payLaterTeaser: cartPayLaterTeaser(cartPage.payLaterCart, site),
    };
  return { productMerchandisingContext: merchandising, page: decorated };
}
