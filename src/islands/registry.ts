/**
 * Every island by name. Each entry is a lazy import, so the browser downloads only the chunks
 * of the islands a page carries; the server awaits them all once at boot for rendering.
 */
import type { ComponentType } from 'react';

export interface IslandModule {
  // Props arrive as parsed JSON: each island validates what it reads.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  default: ComponentType<any>;
  /**
   * Fetches the parts the island loads later in the browser (deferred-part.tsx); the server
   * awaits it before rendering, so its HTML holds them.
   */
  preload?: () => Promise<unknown>;
}

export const islandLoaders = {
  CartCount: () => import('./cart-count/CartCount.tsx'),
  CookieBanner: () => import('./cookie-banner/CookieBanner.tsx'),
  ProductForm: () => import('./product-form/ProductForm.tsx'),
  QuickView: () => import('./product-form/QuickView.tsx'),
  PageForm: () => import('./page-form/PageForm.tsx'),
  CartPill: () => import('./cart-pill/CartPill.tsx'),
  PayLaterTeaser: () => import('./pay-later/PayLaterTeaser.tsx'),
  ProductReviews: () => import('./reviews/ProductReviews.tsx'),
  ReviewSummary: () => import('./reviews/ReviewSummary.tsx'),
  RestockForm: () => import('./restock-form/RestockForm.tsx'),
  SiteUserControls: () => import('./site-user/SiteUserControls.tsx'),
  Gallery: () => import('./gallery/Gallery.tsx'),
  PromoPopup: () => import('./promo-popup/PromoPopup.tsx'),
  CartPage: () => import('./cart-page/CartPage.tsx'),
  AddressAutocomplete: () => import('./address-autocomplete/AddressAutocomplete.tsx'),
} satisfies Record<string, () => Promise<IslandModule>>;

export type IslandName = keyof typeof islandLoaders;

export function isIslandName(name: string): name is IslandName {
  return Object.hasOwn(islandLoaders, name);
}

/** The island's component with every part it defers, for rendering it on the server. */
export async function loadIslandWithParts(
  name: IslandName,
): Promise<ComponentType<Record<string, unknown>>> {
  const module: IslandModule = await islandLoaders[name]();
  await module.preload?.();
  return module.default as ComponentType<Record<string, unknown>>;
}

/** The island's component, typed for props parsed from JSON. */
export async function loadIsland(
  name: IslandName,
): Promise<ComponentType<Record<string, unknown>>> {
  const module: IslandModule = await islandLoaders[name]();
  return module.default as ComponentType<Record<string, unknown>>;
}
