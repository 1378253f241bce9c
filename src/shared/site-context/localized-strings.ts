/**
 * The strings templates and islands show, with the spec's English defaults (docs/behaviour/storefront-pages.md#localized-strings,
 * docs/behaviour/templates.md#formatter-defaults). A site overrides any of them in `settings.localizedStrings`; keys that are
 * not listed here are ignored, so a typo never shows up on a page as a stray string, except the
 * keys the template engine reads itself: `productPrice__…` (the subscription price wordings of
 * src/shared/subscriptions/wording.ts, English built in) pass through as given. The engine's
 * `product-status` reads its marks under the reference's names (`productSoldOutText`,
 * `productSaleText`): they are the site's `soldOut` and `sale`, so one setting words both the
 * theme's own marks and the formatter's.
 */
import { RESTOCK_MESSAGES } from '../restock/messages.ts';

export const ENGLISH_STRINGS = {
  addToCart: 'Add to Cart',
  subscribe: 'Subscribe',
  purchase: 'Purchase',
  soldOut: 'sold out',
  sale: 'sale',
  quickView: 'Quick View',
  selectGiftCardValue: 'Select Value',
  /** `{variantName}` is the option's name. */
  selectOption: 'Select {variantName}',
  cart: 'Cart',
  cartCountOverflow: 'More than 100 items in cart',
  payLaterText: '{n} interest-free payments of {amount}',
  payLaterOneLine: 'or {n} interest-free payments of {amount} with',
  payLaterMoreInformation: 'More information',
  payLaterClosePopup: 'Close Popup',
  payLaterInstallmentsBy: 'Installments by {button}',
  restockHeading: 'Get notified when this is back in stock',
  restockEmailLabel: 'Email address',
  restockSubmit: 'Notify me',
  restockMailingList: 'Also sign me up for news and updates',
  restockSuccess: "Thank you. We'll email you when it's back in stock.",
  restockEmailBlank: RESTOCK_MESSAGES.emailBlank,
  restockEmailInvalid: RESTOCK_MESSAGES.emailInvalid,
  restockCaptchaIncomplete: RESTOCK_MESSAGES.captchaIncomplete,
  /** `{qty}` is the quantity left. */
  scarcityText: 'Only {qty} left in stock',
  variantsCaption: 'Options',
  optionHeading: 'Option',
  priceHeading: 'Price',
  availabilityHeading: 'Availability',
  inStock: 'In stock',
  /** Before the price of a product whose variants cost different amounts. */
  fromPrice: 'from',
  shopEverything: 'Shop everything',
  featured: 'Featured',
  emptyCollection: 'Nothing here yet.',
  skipToContent: 'Skip to content',
  mainNavigation: 'Main',
  footerNavigation: 'Footer',
  menu: 'Menu',
  closeMenu: 'Close menu',
  search: 'Search',
  searchTheStore: 'Search the store',
  pageNotFound: 'Page not found',
  errorHeading: 'Something went wrong',
  errorText: 'The page could not be shown. Please try again in a moment.',
  backToStore: 'Back to the store',
  /** The engine's `product-price` text for a product without a price. */
  productPriceUnavailable: 'Unavailable',
} as const;

/** Keys of the subscription price wordings the engine looks up in `localizedStrings`. */
const ENGINE_WORDING_KEY = /^productPrice__[A-Za-z0-9_]{1,100}$/;

export type StringKey = keyof typeof ENGLISH_STRINGS;
/** The names under which the engine's product-status formatter reads its marks. */
export const ENGINE_STATUS_KEYS = {
  productSoldOutText: 'soldOut',
  productSaleText: 'sale',
} as const;

export type LocalizedStrings = Readonly<Record<StringKey, string>> &
  Readonly<Record<keyof typeof ENGINE_STATUS_KEYS, string>> &
  Readonly<Partial<Record<string, string>>>;

function isStringKey(key: string): key is StringKey {
  return Object.hasOwn(ENGLISH_STRINGS, key);
}

/** The English defaults with the site's overrides of known keys laid over them. */
export function localizedStrings(overrides: Readonly<Record<string, string>>): LocalizedStrings {
  const strings: Record<string, string> = { ...ENGLISH_STRINGS };
  for (const [key, value] of Object.entries(overrides)) {
    if ((isStringKey(key) || ENGINE_WORDING_KEY.test(key)) && value.trim() !== '')
      strings[key] = value;
  }
  for (const [engineKey, key] of Object.entries(ENGINE_STATUS_KEYS))
    strings[engineKey] = strings[key] ?? ENGLISH_STRINGS[key];
  return strings as LocalizedStrings;
}
