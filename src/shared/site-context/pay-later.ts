/**
 * The pay-later (installments) context of one product (docs/behaviour/pay-later.md#pay-later-context): afterPayAvailable, afterPayMin, afterPayMax in cents, shopperLanguage,
 * stripeAccountCountry). The teaser is offered for physical products of a store whose payment
 * account is in a provider country and sells in that country's currency, when the site turns
 * the teaser flag on and the price lies within the provider's range.
 *
 * Provider locales (docs/behaviour/pay-later.md#provider-locales): US en; CA en or fr; AU en; NZ en. The locale is
 * language_COUNTRY, the site's language when the country has it, else the country's first
 * language; en_US when the country has no provider. US territories count as the US.
 */
import { PRODUCT_TYPES } from '../catalog/product-types.ts';
import type { SiteContextSettings } from './settings.ts';

export const US_TERRITORIES = ['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM'] as const;
export const FALLBACK_SHOPPER_LANGUAGE = 'en_US';

interface ProviderCountry {
  readonly languages: readonly string[];
  readonly currency: string;
}

const PROVIDER_COUNTRIES: Readonly<Record<string, ProviderCountry>> = {
  US: { languages: ['en'], currency: 'USD' },
  CA: { languages: ['en', 'fr'], currency: 'CAD' },
  AU: { languages: ['en'], currency: 'AUD' },
  NZ: { languages: ['en'], currency: 'NZD' },
};

export interface PayLaterContext {
  readonly afterPayAvailable: boolean;
  readonly afterPayMin: number;
  readonly afterPayMax: number;
  readonly shopperLanguage: string;
  readonly stripeAccountCountry: string;
}

function providerCountry(country: string): string {
  return (US_TERRITORIES as readonly string[]).includes(country) ? 'US' : country;
}

/** "fr-CA" on a CA account → "fr_CA"; "de-DE" on a CA account → "en_CA"; any site on a DE account → "en_US". */
export function shopperLanguage(siteLanguage: string, accountCountry: string): string {
  const country = providerCountry(accountCountry);
  const provider = PROVIDER_COUNTRIES[country];
  if (!provider) return FALLBACK_SHOPPER_LANGUAGE;
  const language = siteLanguage.split(/[-_]/)[0]?.toLowerCase() ?? '';
  const chosen = provider.languages.includes(language) ? language : provider.languages[0];
  return `${chosen ?? 'en'}_${country}`;
}

export interface PayLaterProduct {
  readonly productType: number;
  /** What the product costs now, in minor units (the cheapest variant's effective price). */
  readonly priceCents: number;
}

export interface PayLaterSite {
  readonly language: string;
  readonly currency: string;
  readonly teaserEnabled: boolean;
  readonly settings: Pick<SiteContextSettings, 'payLater'>;
}

export function payLaterContext(product: PayLaterProduct, site: PayLaterSite): PayLaterContext {
  const { stripeAccountCountry, minCents, maxCents } = site.settings.payLater;
  const provider = PROVIDER_COUNTRIES[providerCountry(stripeAccountCountry)];
  const afterPayAvailable =
    site.teaserEnabled &&
    provider !== undefined &&
    provider.currency === site.currency &&
    product.productType === PRODUCT_TYPES.PHYSICAL &&
    product.priceCents >= minCents &&
    product.priceCents <= maxCents;
  return {
    afterPayAvailable,
    afterPayMin: minCents,
    afterPayMax: maxCents,
    shopperLanguage: shopperLanguage(site.language, stripeAccountCountry),
    stripeAccountCountry,
  };
}
