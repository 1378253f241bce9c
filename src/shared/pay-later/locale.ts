/**
 * Provider locales (docs/behaviour/pay-later.md#provider-locales): US en; CA en or fr; AU en; NZ en; the locale is
 * language_COUNTRY, defaulting to the country's first language; en_US otherwise; US territories
 * (US, PR, GU, VI, MP, AS, UM) count as the US. The rule lives with the site context, which
 * puts `shopperLanguage` in every item's pay-later context; the teaser reads it from there.
 */
export {
  FALLBACK_SHOPPER_LANGUAGE,
  shopperLanguage as providerLocale,
  US_TERRITORIES,
} from '../site-context/pay-later.ts';

/** A provider locale as the popup content's URL takes it: xx_YY. */
export const PROVIDER_LOCALE_PATTERN = /^[a-z]{2}_[A-Z]{2}$/;
