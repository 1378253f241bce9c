/**
 * The part of the template context that depends on the site only, never on the visitor:
 * website, websiteSettings, feature flags, localized strings, navigation and the page-context
 * values that come from settings (docs/behaviour/templates.md#page-context-values).
 * `shapeSiteContext` is pure; `createSiteContextCache` builds it once per loaded site.
 */
import { formSiteSettingsSchema, siteCaptcha } from '../../shared/forms/site-settings.ts';
import { siteFeatureFlags, type FeatureFlags } from '../../shared/site-context/feature-flags.ts';
import { renderLinkTarget } from '../../shared/site-context/link-target.ts';
import {
  localizedStrings,
  type LocalizedStrings,
} from '../../shared/site-context/localized-strings.ts';
import {
  readSiteContextSettings,
  type SiteContextSettings,
} from '../../shared/site-context/settings.ts';
import type { Database } from '../db/index.ts';
import { DEFAULT_LANGUAGE, type CurrentSite } from '../http/current-site.ts';
import { listNavigation, type NavigationLink } from '../modules/catalog/index.ts';
import { siteStylesContext, type SiteStylesContext } from './site-styles.ts';
import { footerContext } from '../../shared/site-context/storefront-content.ts';

/** A navigation entry as the layout renders it; `href` is absent for a link that is not safe. */
export interface NavigationEntry {
  readonly title: string;
  readonly href: string | undefined;
  readonly newWindow: boolean;
}

/** Page context values of the store (docs/behaviour/templates.md#page-context-values). */
export interface StoreContext {
  readonly selectedCurrency: string;
  readonly customSoldOutText: string;
  readonly soldOutDropdownDisabled: boolean;
  readonly restockNotificationsEnabled: boolean;
  readonly productReviewsEnabled: boolean;
  readonly subscriptionKeepsOriginalUnit: boolean;
}

export interface SiteContext {
  readonly website: {
    readonly id: string;
    readonly siteTitle: string;
    readonly timeZone: string;
    readonly language: string;
    readonly currency: string;
    readonly templateId: string;
    readonly templateVersion: string;
    /** Also here: the engine's `product-price` reads `website.useCLDRMoneyFormat`. */
    readonly useCLDRMoneyFormat: boolean;
  };
  readonly websiteSettings: {
    readonly timeZone: string;
    readonly useCLDRMoneyFormat: boolean;
    readonly captchaSettings: { readonly siteKey: string | undefined; readonly provider: string };
    readonly multipleQuantityAllowedForServices: boolean;
    readonly commentsEnabled: boolean;
    readonly simpleLikingEnabled: boolean;
    readonly shareButtonOptions: SiteContextSettings['shareButtonOptions'];
    readonly storeSettings: StoreContext;
  };
  readonly cookieSettings: SiteContextSettings['cookieSettings'];
  readonly featureFlags: FeatureFlags;
  readonly localizedStrings: LocalizedStrings;
  readonly navigation: readonly NavigationEntry[];
  /** The parsed settings, for the per-product contexts. */
  readonly settings: SiteContextSettings;
  /** The site's stylesheet and fonts (`siteStyles` in templates). */
  readonly siteStyles: SiteStylesContext;
  /** The footer's text, social links and contact details (`footer` in templates). */
  readonly footer: ReturnType<typeof footerContext>;
}

function captchaOf(stored: unknown) {
  const parsed = formSiteSettingsSchema.safeParse(stored ?? {});
  const captcha = siteCaptcha(parsed.success ? parsed.data : formSiteSettingsSchema.parse({}));
  return { siteKey: captcha.siteKey, provider: captcha.provider };
}

export function shapeSiteContext(
  site: CurrentSite,
  contentLinks: readonly NavigationLink[],
): SiteContext {
  const stored = site.settings ?? {};
  const settings = readSiteContextSettings(stored);
  const featureFlags = siteFeatureFlags(stored, settings);
  const store = settings.storeSettings;
  const storeSettings: StoreContext = {
    selectedCurrency: site.currency,
    customSoldOutText: store.customSoldOutText ?? '',
    soldOutDropdownDisabled: store.soldOutDropdownDisabled === true,
    restockNotificationsEnabled: store.restockNotificationsEnabled === true,
    productReviewsEnabled: featureFlags.reviews,
    subscriptionKeepsOriginalUnit: store.subscriptionKeepsOriginalUnit === true,
  };
  const navigation: NavigationEntry[] = [
    ...contentLinks.map((link) => ({
      title: link.title,
      ...renderLinkTarget({ type: 'page', fullUrl: link.fullUrl }),
    })),
    ...settings.navigationLinks.map((link) => ({
      title: link.title,
      ...renderLinkTarget(link.target),
    })),
  ];
  return {
    website: {
      id: site.id,
      siteTitle: site.title,
      timeZone: site.timeZone,
      language: site.language ?? DEFAULT_LANGUAGE,
      currency: site.currency,
      templateId: settings.templateId,
      templateVersion: settings.templateVersion,
      useCLDRMoneyFormat: settings.useCLDRMoneyFormat,
    },
    websiteSettings: {
      timeZone: site.timeZone,
      useCLDRMoneyFormat: settings.useCLDRMoneyFormat,
      captchaSettings: captchaOf(stored),
      multipleQuantityAllowedForServices: settings.multipleQuantityAllowedForServices,
      commentsEnabled: settings.commentsEnabled,
      simpleLikingEnabled: settings.simpleLikingEnabled,
      shareButtonOptions: settings.shareButtonOptions,
      storeSettings,
    },
    cookieSettings: settings.cookieSettings,
    featureFlags,
    localizedStrings: localizedStrings(settings.localizedStrings),
    navigation,
    settings,
    siteStyles: siteStylesContext(settings.siteStyles),
    footer: footerContext(settings.footer),
  };
}

export interface SiteContextCache {
  /** The context of this loaded site; built on first use, then shared by every page view. */
  get(site: CurrentSite): Promise<SiteContext>;
}

/**
 * Keyed by the CurrentSite object: the site resolver hands out a new one after invalidate() or
 * its TTL (src/server/http/current-site.ts), so the context is rebuilt exactly when the site is
 * re-read and needs no invalidation of its own. A failed build is not kept.
 */
export function createSiteContextCache(database: Database): SiteContextCache {
  const contexts = new WeakMap<CurrentSite, Promise<SiteContext>>();
  return {
    get(site) {
      const known = contexts.get(site);
      if (known) return known;
      const building = listNavigation(database.db, site.id).then((links) =>
        shapeSiteContext(site, links),
      );
      void building.catch(() => {
        if (contexts.get(site) === building) contexts.delete(site);
      });
      contexts.set(site, building);
      return building;
    },
  };
}
