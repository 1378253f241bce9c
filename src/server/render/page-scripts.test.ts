import { describe, expect, it } from 'vitest';
import type { PageValues } from '../../shared/html/page-values.ts';
import type { CurrentSite } from '../http/current-site.ts';
import type { ClientAssets } from './client-assets.ts';
import { pageClientValues, withClientScripts } from './page-scripts.ts';
import { shapeSiteContext } from './site-context.ts';
import { buildTemplateContext, cartContext } from './template-context.ts';

function site(settings: Record<string, unknown> = {}): CurrentSite {
  return {
    id: 'demo',
    title: 'Demo',
    currency: 'USD',
    timeZone: 'America/New_York',
    language: 'en-US',
    settings: {
      featureFlags: { visitorMetrics: true, formHandler: true, analyticsPurchaseEvents: true },
      ...settings,
    },
  };
}

const product = {
  id: 'linen-shirt',
  title: 'Linen Shirt',
  recordType: 11,
  structuredContent: {
    productType: 1,
    variants: [
      { price: 7200, salePrice: 6400, onSale: true },
      { price: 6800, salePrice: 0, onSale: false },
    ],
  },
};

function clientValuesFor(
  current: CurrentSite,
  pageType: number,
  page: Record<string, unknown> = {},
) {
  const context = shapeSiteContext(current, []);
  const visitor = {
    baseUrl: 'http://shop.test',
    crumb: 'c',
    cart: cartContext(undefined, 'USD'),
    siteUser: null,
    owner: null,
  };
  return pageClientValues(
    context,
    buildTemplateContext(context, visitor, { pageType, title: 'T', context: page }),
  );
}

const assets: ClientAssets = {
  directory: '/dist',
  loaderUrl: '/assets/loader.js',
  loaderImports: ['/assets/runtime.js'],
  chunksFor: (islands) => [...islands].map((island) => `/assets/${island}.js`),
  clients: {
    analytics: { url: '/assets/analytics.js', imports: ['/assets/platform-core.js'] },
    analyticsCommerce: {
      url: '/assets/analytics-commerce.js',
      imports: ['/assets/platform-core.js'],
    },
    errorReporter: { url: '/assets/error-reporter.js', imports: ['/assets/platform-core.js'] },
    pageSpeed: { url: '/assets/page-speed.js', imports: ['/assets/platform-core.js'] },
    pageSpeedAfterLoad: { url: '/assets/page-speed-after-load.js', imports: [] },
  },
};

const PAGE = '<html><body><main>x</main></body></html>';

/** What the page preloads, in order. */
function preloadsIn(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? '');
}

/** The loader and what it imports, preloaded first wherever there are islands. */
const LOADER = ['/assets/loader.js', '/assets/runtime.js'];

function pageValuesIn(html: string): PageValues {
  const match = /<template id="vitrine-page" data-page="([^"]*)"><\/template>/.exec(html);
  if (!match?.[1]) throw new Error('no page values');
  return JSON.parse(match[1].replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as PageValues;
}

describe('page values for the browser clients', () => {
  it('carries the ids, page type, locale, gates, cookie settings and the product of a product page', () => {
    const { values, pageSpeed, cookieBanner } = clientValuesFor(site(), 50, { item: product });
    expect(values).toEqual({
      websiteId: 'demo',
      templateId: 'vitrine-default',
      pageType: 50,
      collectionId: null,
      itemId: 'linen-shirt',
      locale: 'en-US',
      timeZone: 'America/New_York',
      currency: 'USD',
      signedIn: false,
      websiteRoles: [],
      cookieBanner: false,
      restrictiveCookies: false,
      cloneable: false,
      censusDisabled: false,
      visitorMetrics: true,
      formHandler: true,
      purchaseEvents: true,
      cartQuantity: 0,
      product: {
        id: 'linen-shirt',
        title: 'Linen Shirt',
        productType: 1,
        priceCents: 6400,
        layout: 'dropdown',
      },
      order: null,
      member: null,
    });
    expect(pageSpeed).toBe(false);
    expect(cookieBanner).toBeNull();
  });

  it('reads the collector, census, cloneable and cookie settings of the site', () => {
    const current = site({
      featureFlags: { pageSpeedCollector: true, censusDisabled: true, cloneable: true },
      cookieSettings: {
        isCookieBannerEnabled: true,
        isRestrictiveCookiePolicyEnabled: true,
        cookieBannerText: 'Cookies?',
      },
    });
    const result = clientValuesFor(current, 2);
    expect(result.pageSpeed).toBe(true);
    expect(result.values).toMatchObject({
      censusDisabled: true,
      cloneable: true,
      visitorMetrics: false,
      cookieBanner: true,
      restrictiveCookies: true,
    });
    expect(result.cookieBanner).toEqual({ text: 'Cookies?' });
  });

  it('carries a confirmed order for the purchase events, in minor units', () => {
    const money = (value: string, currency = 'EUR') => ({
      value,
      decimalValue: value,
      currency,
      currencyCode: currency,
    });
    const order = {
      id: 'o-1',
      cartId: 'c-1',
      testMode: true,
      currency: 'EUR',
      entries: [
        {
          itemId: 'shirt',
          variantId: 'v-m',
          sku: 'SH-M',
          title: 'Shirt',
          quantity: 2,
          unitPriceMoney: money('45.75'),
        },
        { itemId: 'ebook', variantId: 'v-1', sku: null, title: 'Book', quantity: 1 },
      ],
      grandTotalMoney: money('99.50'),
      taxMoney: money('3.00'),
      shippingCostMoney: money('8.00'),
    };
    expect(clientValuesFor(site(), 202, { order }).values.order).toEqual({
      id: 'o-1',
      cartId: 'c-1',
      testMode: true,
      currency: 'EUR',
      grandTotalCents: 9950,
      taxCents: 300,
      shippingCents: 800,
      items: [
        {
          itemId: 'shirt',
          variantId: 'v-m',
          sku: 'SH-M',
          title: 'Shirt',
          quantity: 2,
          priceCents: 4575,
        },
        { itemId: 'ebook', variantId: 'v-1', sku: null, title: 'Book', quantity: 1, priceCents: 0 },
      ],
    });
    const bare = { ...order, currency: undefined, testMode: undefined };
    expect(clientValuesFor(site(), 206, { order: bare }).values.order).toMatchObject({
      currency: 'USD',
      testMode: false,
    });
  });
});

describe('linking the clients', () => {
  it('links the error reporter and analytics on every page, with the page values, before </body>', () => {
    const html = withClientScripts(PAGE, assets, clientValuesFor(site(), 2));
    expect(pageValuesIn(html).websiteId).toBe('demo');
    expect(html).toContain(
      '<link rel="modulepreload" href="/assets/platform-core.js" fetchpriority="low"><script type="module" src="/assets/error-reporter.js" fetchpriority="low"></script><script type="module" src="/assets/analytics.js" fetchpriority="low"></script></body>',
    );
    expect(html).not.toContain('page-speed');
    expect(html).not.toContain('analytics-commerce');
    expect(html).not.toContain('loader.js');
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });

  it('links the commerce events on product, search, cart and order pages', () => {
    for (const pageType of [50, 102, 200, 202, 205, 206, 207])
      expect(withClientScripts(PAGE, assets, clientValuesFor(site(), pageType))).toContain(
        '<script type="module" src="/assets/analytics-commerce.js" fetchpriority="low"></script>',
      );
  });

  it('links the commerce events on any page with a Quick View or product form island', () => {
    const island = (name: string) =>
      `<html><body><vitrine-island data-island="${name}" data-hydrate="interaction" data-props="{}"></vitrine-island></body></html>`;
    const commerce =
      '<script type="module" src="/assets/analytics-commerce.js" fetchpriority="low"></script>';
    expect(withClientScripts(island('QuickView'), assets, clientValuesFor(site(), 1))).toContain(
      commerce,
    );
    expect(withClientScripts(island('ProductForm'), assets, clientValuesFor(site(), 2))).toContain(
      commerce,
    );
    expect(
      withClientScripts(island('CartCount'), assets, clientValuesFor(site(), 1)),
    ).not.toContain(commerce);
  });

  it('names the product layout and the logged-in member for the events', () => {
    const radio = { ...product, variantDisplay: 'radio' };
    expect(clientValuesFor(site(), 50, { item: radio }).values.product?.layout).toBe('radio');
    const context = shapeSiteContext(site(), []);
    const visitor = {
      baseUrl: 'http://shop.test',
      crumb: 'c',
      cart: cartContext(undefined, 'USD'),
      siteUser: { id: 'member-7', email: 'sam@example.com' },
      owner: null,
    };
    const values = pageClientValues(
      context,
      buildTemplateContext(context, visitor, { pageType: 2, title: 'T', context: {} }),
    ).values;
    expect(values.member).toEqual({ accountId: 'member-7', locale: 'en-US' });
  });

  it('links the page-speed collector only where the site turned it on, to come after load', () => {
    const on = clientValuesFor(site({ featureFlags: { pageSpeedCollector: true } }), 2);
    const html = withClientScripts(PAGE, assets, on);
    expect(html).toContain(
      '<script type="module" src="/assets/page-speed-after-load.js" fetchpriority="low"></script>',
    );
    // The collector and web-vitals are fetched by the starter after the load event.
    expect(html).not.toContain('/assets/page-speed.js');
  });

  it('adds the cookie banner island, and the loader for it, where consent is asked', () => {
    const consent = clientValuesFor(
      site({
        cookieSettings: { isCookieBannerEnabled: true, isRestrictiveCookiePolicyEnabled: true },
      }),
      2,
    );
    const html = withClientScripts(PAGE, assets, consent);
    expect(html).toContain(
      '<vitrine-island data-island="CookieBanner" data-hydrate="idle" data-props="{&quot;text&quot;:null}"></vitrine-island>',
    );
    // Hydrated when the page is idle: its chunk is fetched then, not preloaded.
    expect(html).not.toContain('href="/assets/CookieBanner.js"');
    expect(html).toContain(
      '<script type="module" src="/assets/loader.js" fetchpriority="low"></script>',
    );
    const bannerOff = clientValuesFor(
      site({ cookieSettings: { isRestrictiveCookiePolicyEnabled: true } }),
      2,
    );
    expect(withClientScripts(PAGE, assets, bannerOff)).not.toContain('CookieBanner');
  });

  it('preloads the loader, its imports and the chunks of islands hydrated at load only', () => {
    const island = (name: string, directive: string) =>
      `<vitrine-island data-island="${name}" data-hydrate="${directive}" data-props="{}"></vitrine-island>`;
    const onlyQuickView = `<html><body>${island('QuickView', 'interaction')}</body></html>`;
    const lazy = withClientScripts(onlyQuickView, assets);
    expect(preloadsIn(lazy)).toEqual(LOADER);
    expect(lazy).toContain(
      '<script type="module" src="/assets/loader.js" fetchpriority="low"></script>',
    );
    const both = `<html><body>${island('QuickView', 'interaction')}${island('CartCount', 'load')}</body></html>`;
    expect(preloadsIn(withClientScripts(both, assets))).toEqual([
      ...LOADER,
      '/assets/CartCount.js',
    ]);
    for (const later of ['idle', 'visible']) {
      const html = withClientScripts(
        `<html><body>${island('CartCount', later)}</body></html>`,
        assets,
      );
      expect(preloadsIn(html)).toEqual(LOADER);
      expect(html).toContain(
        '<script type="module" src="/assets/loader.js" fetchpriority="low"></script>',
      );
    }
    // Placed at load elsewhere on the page, the island's chunk is preloaded after all.
    const twice = `<html><body>${island('QuickView', 'interaction')}${island('QuickView', 'load')}</body></html>`;
    expect(preloadsIn(withClientScripts(twice, assets))).toEqual([
      ...LOADER,
      '/assets/QuickView.js',
    ]);
  });

  it('with the script starter built, links only it: the other scripts wait in an inert template', () => {
    const withStarter: ClientAssets = {
      ...assets,
      clients: { ...assets.clients, scriptStart: { url: '/assets/script-start.js', imports: [] } },
    };
    const consent = clientValuesFor(
      site({
        cookieSettings: { isCookieBannerEnabled: true, isRestrictiveCookiePolicyEnabled: true },
      }),
      50,
    );
    const form = `<html><body><vitrine-island data-island="ProductForm" data-hydrate="load" data-props="{}"></vitrine-island></body></html>`;
    const html = withClientScripts(form, withStarter, consent);
    const template = /<template id="vitrine-scripts">(.*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(template).toBe(
      '<link rel="modulepreload" href="/assets/loader.js" fetchpriority="low">' +
        '<link rel="modulepreload" href="/assets/runtime.js" fetchpriority="low">' +
        '<link rel="modulepreload" href="/assets/ProductForm.js" fetchpriority="low">' +
        '<link rel="modulepreload" href="/assets/platform-core.js" fetchpriority="low">' +
        '<script type="module" src="/assets/error-reporter.js" fetchpriority="low"></script>' +
        '<script type="module" src="/assets/analytics.js" fetchpriority="low"></script>' +
        '<script type="module" src="/assets/analytics-commerce.js" fetchpriority="low"></script>' +
        '<script type="module" src="/assets/loader.js" fetchpriority="low"></script>',
    );
    // Outside the template: the starter, the page values and the banner's island.
    const outside = html.replace(/<template id="vitrine-scripts">.*?<\/template>/, '');
    expect([...outside.matchAll(/<script[^>]*>/g)].map((match) => match[0])).toEqual([
      '<script type="module" src="/assets/script-start.js" fetchpriority="low">',
    ]);
    expect(outside).not.toContain('modulepreload');
    expect(outside).toContain('<template id="vitrine-page" data-page="');
    expect(outside).toContain('<vitrine-island data-island="CookieBanner"');
    expect(html).toMatch(
      /<\/template><script type="module" src="\/assets\/script-start.js"[^>]*><\/script><\/body>/,
    );
    // A page with no script to start links no starter either.
    expect(withClientScripts(PAGE, withStarter)).toBe(PAGE);
  });

  it('leaves a page untouched without a client build, and links only islands without page values', () => {
    expect(withClientScripts(PAGE, undefined, clientValuesFor(site(), 2))).toBe(PAGE);
    expect(withClientScripts(PAGE, assets)).toBe(PAGE);
  });
});
