/**
 * The restock and scarcity merchandising context of one product (docs/behaviour/restock.md#restock-and-scarcity-context), keyed by product id at the context root as `productMerchandisingContext`
 * (where the `product-status` formatter finds `customSoldOutText`). Store-wide settings give
 * the defaults; the product's own `productMerchandising` entry overrides them.
 */
import { isSoldOutVariant, type StockLevel } from '../catalog/stock-state.ts';
import { restockEligibility } from '../restock/eligibility.ts';
import type { RestockMessages } from '../restock/form-props.ts';
import type { LocalizedStrings } from './localized-strings.ts';
import type { ProductMerchandisingSetting, SiteContextSettings } from './settings.ts';

/** A variant shows scarcity with this many or fewer left, unless the product sets its own. */
export const DEFAULT_SCARCITY_THRESHOLD = 5;

export interface RestockVariant extends StockLevel {
  readonly id: string;
}

export interface RestockProduct {
  readonly id: string;
  readonly productType: number;
  readonly variants: readonly RestockVariant[];
}

export interface RestockContext {
  /** Sign-ups are taken for this product's sold-out variants. */
  readonly restockNotificationsEnabled: boolean;
  /** Variant ids that are sold out and take sign-ups now. */
  readonly restockNotificationViews: readonly string[];
  /** The restock form's texts, handed to the form island as they are. */
  readonly restockNotificationMessages: RestockMessages;
  readonly mailingListSignUpEnabled: boolean;
  readonly mailingListOptInByDefault: boolean;
  readonly scarcityEnabled: boolean;
  readonly scarcityThreshold: number;
  /** The text with `{qty}` in it. */
  readonly scarcityText: string;
  /** The scarcity text of each variant that is low now (1 … threshold left), by variant id. */
  readonly scarcityTemplateViews: Readonly<Record<string, string>>;
  /** Show the scarcity of the first low variant before the shopper chooses one. */
  readonly scarcityShownByDefault: boolean;
  /** '' when neither the product nor the store sets one ('sold out' is the default). */
  readonly customSoldOutText: string;
}

function scarcityViews(
  variants: readonly RestockVariant[],
  threshold: number,
  text: string,
): Record<string, string> {
  const views: Record<string, string> = {};
  for (const variant of variants) {
    if (variant.unlimited || variant.qtyInStock <= 0 || variant.qtyInStock > threshold) continue;
    views[variant.id] = text.replaceAll('{qty}', String(variant.qtyInStock));
  }
  return views;
}

export function restockContext(
  product: RestockProduct,
  settings: Pick<SiteContextSettings, 'storeSettings' | 'productMerchandising'>,
  strings: LocalizedStrings,
): RestockContext {
  const own: ProductMerchandisingSetting = Object.hasOwn(settings.productMerchandising, product.id)
    ? (settings.productMerchandising[product.id] ?? {})
    : {};
  const store = settings.storeSettings;
  const takesSignUps =
    own.restockNotificationsEnabled ?? store.restockNotificationsEnabled === true;
  const soldOut = product.variants.filter(
    (variant) => restockEligibility(product.productType, variant) === 'sold-out',
  );
  const scarcityEnabled = own.scarcityEnabled === true;
  const threshold = own.scarcityThreshold ?? DEFAULT_SCARCITY_THRESHOLD;
  const scarcityText = own.scarcityText ?? strings.scarcityText;
  return {
    restockNotificationsEnabled: takesSignUps,
    restockNotificationViews: takesSignUps ? soldOut.map((variant) => variant.id) : [],
    restockNotificationMessages: {
      heading: strings.restockHeading,
      emailLabel: strings.restockEmailLabel,
      submit: strings.restockSubmit,
      mailingList: strings.restockMailingList,
      success: strings.restockSuccess,
      emailBlank: strings.restockEmailBlank,
      emailInvalid: strings.restockEmailInvalid,
      captchaIncomplete: strings.restockCaptchaIncomplete,
    },
    mailingListSignUpEnabled: takesSignUps && own.mailingListSignUpEnabled === true,
    mailingListOptInByDefault: own.mailingListOptInByDefault === true,
    scarcityEnabled,
    scarcityThreshold: threshold,
    scarcityText,
    scarcityTemplateViews: scarcityEnabled
      ? scarcityViews(
          product.variants.filter((variant) => !isSoldOutVariant(variant)),
          threshold,
          scarcityText,
        )
      : {},
    scarcityShownByDefault: scarcityEnabled && own.scarcityShownByDefault === true,
    customSoldOutText: own.customSoldOutText ?? store.customSoldOutText ?? '',
  };
}
