/**
 * The pay-later teaser's props, built on the server from the item's pay-later context and read
 * back by the island (props arrive as JSON, so the island re-checks their shape).
 */
import { z } from 'zod/mini';
import { US_TERRITORIES } from './locale.ts';
import { teaserShown, productAsCart } from './eligibility.ts';

/** The provider's countries and the currency each sells in (docs/behaviour/pay-later.md#when-the-teaser-shows). */
const PROVIDER_CURRENCIES: Readonly<Record<string, string>> = {
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
};

/**
 * Whether the site offers pay-later at all, whatever the price: the feature gate is on and the
 * payment account is in a provider country (US territories count as the US) selling in its
 * currency. The price decides only the message.
 */
export function payLaterOffered(site: {
  readonly teaserEnabled: boolean;
  readonly stripeAccountCountry: string;
  readonly currency: string;
}): boolean {
  const country = (US_TERRITORIES as readonly string[]).includes(site.stripeAccountCountry)
    ? 'US'
    : site.stripeAccountCountry;
  return site.teaserEnabled && PROVIDER_CURRENCIES[country] === site.currency;
}

export const payLaterTeaserStrings = z.object({
  payLaterText: z.string(),
  payLaterOneLine: z.string(),
  payLaterMoreInformation: z.string(),
  payLaterClosePopup: z.string(),
  payLaterInstallmentsBy: z.string(),
});
export type PayLaterTeaserStrings = z.infer<typeof payLaterTeaserStrings>;

export const payLaterTeaserProps = z.object({
  /**
   * The product on its page: the teaser follows that product form's chosen variant and quantity
   * (its 'vitrine:product-total' event). Absent on the cart page.
   */
  itemId: z.optional(z.string().check(z.maxLength(200))),
  /** The gate and the item's context (afterPayAvailable without the price range). */
  available: z.boolean(),
  productType: z.int(),
  /** The product's price: on the product page the product counts as the cart. */
  totalCents: z.int().check(z.minimum(0)),
  minCents: z.int().check(z.minimum(0)),
  maxCents: z.int().check(z.minimum(0)),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  /** The site's language, for money. */
  moneyLocale: z.string().check(z.minLength(2), z.maxLength(35)),
  /** The provider locale, language_COUNTRY. */
  providerLocale: z.string().check(z.regex(/^[a-z]{2}_[A-Z]{2}$/)),
  strings: payLaterTeaserStrings,
  /** 'or {n} interest-free payments of {amount} with {button}' on one line when in range. */
  oneLine: z.optional(z.boolean()),
  /**
   * The cart, on the cart page: then `totalCents` is its subtotal and every item must be
   * physical. Absent on the product page, where the product itself counts as the cart.
   */
  cart: z.optional(
    z.object({
      totalQuantity: z.int().check(z.minimum(0)),
      productTypes: z.array(z.int()).check(z.maxLength(1_000)),
    }),
  ),
});
export type PayLaterTeaserProps = z.infer<typeof payLaterTeaserProps>;

/** Whether the teaser shows at all for these props (the template skips the island otherwise). */
export function teaserPropsShown(props: PayLaterTeaserProps): boolean {
  return teaserShown(props.available, props.cart ?? productAsCart(props.productType));
}
