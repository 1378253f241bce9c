// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUTTON_CLICK_PATH, recordCensusEvent, recordHit, RECORD_HIT_PATH } from './census.ts';
import { recordEventV0, V0_EVENTS_PATH } from './events-v0.ts';
import { environmentOf, overwriteWarning, recordEventV2, V2_EVENTS_PATH } from './events-v2.ts';
import { pageOnlyIdentity } from './identity.ts';
import { installCookieJar, installFetch, jsonField, pageValues } from './testing/fakes.ts';

beforeEach(() => {
  installCookieJar();
  document.cookie = 'crumb=crumb-token';
  document.title = 'Linen Shirt — Vitrine';
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('census calls (docs/behaviour/analytics.md#census-calls)', () => {
  it('RecordHit: event, data JSON with page details, sizes, client time and locale, visitor cookie', async () => {
    const { posts } = installFetch();
    const values = pageValues({ pageType: 50, itemId: 'linen-shirt', collectionId: 'shop' });
    await recordHit(values, 'visitor-1');
    expect(posts[0]?.url).toBe(RECORD_HIT_PATH);
    expect(posts[0]?.fields).toMatchObject({ event: 'pageview', visitorCookie: 'visitor-1' });
    expect(jsonField(posts[0], 'data')).toEqual({
      websiteId: 'vitrine-demo',
      templateId: 'vitrine-default',
      collectionId: 'shop',
      itemId: 'linen-shirt',
      pageType: 50,
      pagePath: location.pathname,
      pageTitle: 'Linen Shirt — Vitrine',
      userAgent: navigator.userAgent,
      clientTime: expect.any(Number),
      viewportWidth: innerWidth,
      viewportHeight: innerHeight,
      screenWidth: screen.width,
      screenHeight: screen.height,
      locale: 'en-US',
    });
  });

  it('side events carry the visitor cookie and page fields as form fields', async () => {
    const { posts } = installFetch();
    await recordCensusEvent(BUTTON_CLICK_PATH, pageValues(), 'visitor-1', { buttonId: 'b1' });
    expect(posts[0]).toEqual({
      url: '/api/census/button-click',
      fields: {
        websiteId: 'vitrine-demo',
        templateId: 'vitrine-default',
        pageType: '2',
        pagePath: location.pathname,
        pageTitle: 'Linen Shirt — Vitrine',
        visitorCookie: 'visitor-1',
        buttonId: 'b1',
      },
    });
  });
});

describe('tracking events', () => {
  it('v0: crumb from the cookie, event name and data JSON with ids, locale, path and hash', async () => {
    const { posts } = installFetch();
    await recordEventV0('search', pageValues(), { action: 'search' });
    expect(posts[0]?.url).toBe(V0_EVENTS_PATH);
    expect(posts[0]?.fields).toMatchObject({ crumb: 'crumb-token', event: 'search' });
    expect(jsonField(posts[0], 'data')).toEqual({
      action: 'search',
      websiteId: 'vitrine-demo',
      templateId: 'vitrine-default',
      websiteLocale: 'en-US',
      pagePath: location.pathname,
    });
  });

  it('v0: a logged-in member adds the member account id and locale', async () => {
    const { posts } = installFetch();
    await recordEventV0('search', pageValues({ member: { accountId: 'm-1', locale: 'fr-FR' } }));
    expect(jsonField(posts[0], 'data')).toMatchObject({
      memberAccountId: 'm-1',
      memberLocale: 'fr-FR',
    });
  });

  it('v2: eventContent with the automatic fields and eventSchemaName', async () => {
    const { posts } = installFetch();
    const identity = pageOnlyIdentity();
    await recordEventV2('StorefrontEvent', { event_name: 'view cart' }, pageValues(), identity);
    expect(posts[0]?.url).toBe(V2_EVENTS_PATH);
    expect(posts[0]?.fields.eventSchemaName).toBe('StorefrontEvent');
    expect(jsonField(posts[0], 'eventContent')).toMatchObject({
      event_name: 'view cart',
      analytics_id: identity.analyticsId,
      session_id: identity.sessionId,
      client_name: 'vitrine-analytics',
      client_version: '1.0.0',
      page_host: location.hostname,
      page_path: location.pathname,
      query_params: {},
      schema_name: 'StorefrontEvent',
      source_environment: environmentOf(location.hostname),
      website_id: 'vitrine-demo',
      website_locale: 'en-US',
      resolved_locale: 'en-US',
      window_size: { width: innerWidth, height: innerHeight },
      timestamp: expect.any(Number),
    });
  });

  it('v2 warns when an automatic field overwrites a caller field', async () => {
    installFetch();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fields = { event_name: 'x', website_id: 'other', page_path: '/elsewhere' };
    await recordEventV2('StorefrontEvent', fields, pageValues(), pageOnlyIdentity());
    expect(warn).toHaveBeenCalledWith(overwriteWarning(['website_id', 'page_path']));
    expect(overwriteWarning(['a', 'b'])).toBe('Event fields overwritten by automatic values: a, b');
  });

  it('derives the environment from the host name: staging, dev or prod', () => {
    expect(environmentOf('shop.staging.example.com')).toBe('staging');
    expect(environmentOf('qa.example.com')).toBe('staging');
    expect(environmentOf('localhost')).toBe('dev');
    expect(environmentOf('127.0.0.1')).toBe('dev');
    expect(environmentOf('shop.dev.example.com')).toBe('dev');
    expect(environmentOf('vitrine.test')).toBe('dev');
    expect(environmentOf('shop.example.com')).toBe('prod');
    expect(environmentOf('developer-tools.com')).toBe('prod');
  });
});
