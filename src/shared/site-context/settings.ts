/**
 * The site settings the template context reads (docs/behaviour/templates.md#website-settings,
 * docs/behaviour/templates.md#page-context-values, docs/behaviour/restock.md#restock-and-scarcity-context,
 * docs/behaviour/pay-later.md#pay-later-context). They live in
 * the site's `website.settings` beside the checkout, forms and reviews settings; every key is
 * optional and has a documented default:
 *
 *   "settings": {
 *     "templateId": "vitrine-default", "templateVersion": "7.1",
 *     "useCLDRMoneyFormat": true, "multipleQuantityAllowedForServices": true,
 *     "featureFlags": { "payLaterTeaser": true, "visitorMetrics": true, … },
 *     "storeSettings": { "customSoldOutText": "Gone", "soldOutDropdownDisabled": false,
 *                        "restockNotificationsEnabled": true,
 *                        "subscriptionKeepsOriginalUnit": false, "restockAutoSend": true },
 *     "cookieSettings": { "isCookieBannerEnabled": false, "isRestrictiveCookiePolicyEnabled": false },
 *     "payLater": { "stripeAccountCountry": "US", "minCents": 100, "maxCents": 200000 },
 *     "productMerchandising": { "<productId>": { "scarcityEnabled": true, "scarcityThreshold": 5 } },
 *     "navigationLinks": [{ "title": "Email us", "target": { "type": "email", "to": "hi@x.com" } }],
 *     "localizedStrings": { "addToCart": "Add to bag" }
 *   }
 *
 * The import validates these shapes (siteContextSettingsSchema); the renderer reads them with
 * readSiteContextSettings, which falls back to the default of any key that no longer parses
 * (settings edited outside the importer), so a bad setting never breaks a page.
 */
import { z } from 'zod';
import { linkTargetSchema } from './link-target.ts';
import { siteStylesSetting } from './site-styles.ts';
import { footerSetting, homePageSetting } from './storefront-content.ts';

export const TEMPLATE_VERSIONS = ['7', '7.1', '8'] as const;
export const DEFAULT_TEMPLATE_ID = 'vitrine-default';
export const DEFAULT_TEMPLATE_VERSION = '7.1';

const flag = z.boolean().optional();
const shortText = z.string().trim().min(1, 'Must not be empty').max(200);

/** The storefront feature flags (issue #6); the reviews flags live in src/shared/reviews/gate.ts. */
export const contextFeatureFlagsSetting = z.looseObject({
  payLaterTeaser: flag,
  visitorMetrics: flag,
  analyticsPurchaseEvents: flag,
  formHandler: flag,
  productBranching: flag,
});

/** Store-wide page context values; productReviewsEnabled and others sit beside them. */
export const contextStoreSettingsSetting = z.looseObject({
  /** Shown instead of 'sold out' on every product that sets no text of its own. */
  customSoldOutText: shortText.max(100).optional(),
  /** Sold-out variants are not offered in the variant dropdowns. */
  soldOutDropdownDisabled: flag,
  /** Sold-out products take restock sign-ups (each product may turn it off). */
  restockNotificationsEnabled: flag,
  /** Subscription wording keeps a plan's own unit ('for 12 months', not 'for 1 year'). */
  subscriptionKeepsOriginalUnit: flag,
  /** Restock notices go out when an owner puts a variant back in stock (on unless false). */
  restockAutoSend: flag,
});

/** Open: the analytics side may keep more cookie settings beside these. */
export const cookieSettingsSetting = z.looseObject({
  isCookieBannerEnabled: z.boolean().default(false),
  /** Restrictive: analytics cookies wait for the visitor's consent (docs/behaviour/analytics.md#cookies-and-identity). */
  isRestrictiveCookiePolicyEnabled: z.boolean().default(false),
  cookieBannerText: z.string().trim().max(2000).optional(),
});

export const payLaterSetting = z
  .strictObject({
    /** ISO 3166-1 alpha-2 country of the payment account; chooses the provider locale. */
    stripeAccountCountry: z
      .string()
      .regex(/^[A-Z]{2}$/, 'Must be a two-letter country code such as "US"')
      .default('US'),
    /** The teaser shows for prices from minCents to maxCents (minor units, inclusive). */
    minCents: z.int().min(1).max(100_000_000).default(100),
    maxCents: z.int().min(1).max(100_000_000).default(200_000),
  })
  .refine((setting) => setting.minCents <= setting.maxCents, {
    message: 'minCents must not exceed maxCents',
    path: ['maxCents'],
  });

/** One product's merchandising: restock sign-up, scarcity and sold-out wording. */
export const productMerchandisingSetting = z.strictObject({
  restockNotificationsEnabled: flag,
  mailingListSignUpEnabled: flag,
  mailingListOptInByDefault: flag,
  scarcityEnabled: flag,
  /** Scarcity shows for a variant with this many or fewer left (default 5). */
  scarcityThreshold: z.int().min(1).max(10_000).optional(),
  /** `{qty}` is replaced by the quantity left. */
  scarcityText: shortText.optional(),
  scarcityShownByDefault: flag,
  customSoldOutText: shortText.max(100).optional(),
  /** The product page lists every variant's price and stock in a table (off by default). */
  optionsTableShown: flag,
});
export type ProductMerchandisingSetting = z.infer<typeof productMerchandisingSetting>;

export const siteContextSettingsSchema = z.object({
  templateId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must be 1–64 letters, digits, "_" or "-"')
    .default(DEFAULT_TEMPLATE_ID),
  templateVersion: z.enum(TEMPLATE_VERSIONS).default(DEFAULT_TEMPLATE_VERSION),
  /** Money shows in the CLDR format of the site's language (else the legacy format). */
  useCLDRMoneyFormat: z.boolean().default(true),
  /** A service may be bought more than once per cart (allowed unless the site says no). */
  multipleQuantityAllowedForServices: z.boolean().default(true),
  commentsEnabled: z.boolean().default(false),
  simpleLikingEnabled: z.boolean().default(false),
  /**
   * Passed to templates as given (a list of services or a map of service → on): its shape
   * belongs to the share links (src/server/modules/content/share-links.ts).
   */
  shareButtonOptions: z.json().default({}),
  featureFlags: contextFeatureFlagsSetting.default({}),
  storeSettings: contextStoreSettingsSetting.default({}),
  cookieSettings: cookieSettingsSetting.default({
    isCookieBannerEnabled: false,
    isRestrictiveCookiePolicyEnabled: false,
  }),
  payLater: payLaterSetting.default({
    stripeAccountCountry: 'US',
    minCents: 100,
    maxCents: 200_000,
  }),
  productMerchandising: z
    .record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), productMerchandisingSetting)
    .default({}),
  /** Colours, fonts, button shape, content width (src/shared/site-context/site-styles.ts). */
  siteStyles: siteStylesSetting.prefault({}),
  /** The home page's hero, featured products, collection teaser and newsletter block. */
  homePage: homePageSetting.default({}),
  footer: footerSetting.prefault({}),
  /** Extra navigation links after the site's collections and pages (web, email, phone, file). */
  navigationLinks: z
    .array(z.strictObject({ title: shortText, target: linkTargetSchema }))
    .max(50)
    .default([]),
  localizedStrings: z.record(z.string().min(1).max(64), z.string().max(500)).default({}),
});
export type SiteContextSettings = z.infer<typeof siteContextSettingsSchema>;

type Shape = typeof siteContextSettingsSchema.shape;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the context settings out of stored site settings, key by key: a key whose value does
 * not parse takes its default, the others keep their values.
 */
export function readSiteContextSettings(settings: unknown): SiteContextSettings {
  const source = isRecord(settings) ? settings : {};
  const shape: Shape = siteContextSettingsSchema.shape;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(shape) as (keyof Shape)[]) {
    const field = shape[key];
    const parsed = field.safeParse(source[key]);
    result[key] = parsed.success ? parsed.data : field.parse(undefined);
  }
  return result as SiteContextSettings;
}

/** multipleQuantityAllowedForServices alone, for the cart's writes (no other key is parsed). */
export function servicesAllowMultipleQuantity(settings: unknown): boolean {
  const field = siteContextSettingsSchema.shape.multipleQuantityAllowedForServices;
  const parsed = field.safeParse(
    isRecord(settings) ? settings.multipleQuantityAllowedForServices : undefined,
  );
  return parsed.success ? parsed.data : field.parse(undefined);
}

/** The subscription wording options of storeSettings, for wording rendered on the server. */
export function subscriptionWordingOptions(settings: unknown): { keepOriginalUnit: boolean } {
  const store = contextStoreSettingsSetting.safeParse(
    isRecord(settings) ? settings.storeSettings : undefined,
  );
  return { keepOriginalUnit: store.success && store.data.subscriptionKeepsOriginalUnit === true };
}

/** storeSettings.restockAutoSend: on unless the store sets it to false. */
export function restockAutoSendEnabled(settings: unknown): boolean {
  const store = contextStoreSettingsSetting.safeParse(
    isRecord(settings) ? settings.storeSettings : undefined,
  );
  return !store.success || store.data.restockAutoSend !== false;
}
