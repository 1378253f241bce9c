/**
 * The Content-Security-Policy per site: ALTCHA sites (the default) keep the same-origin policy;
 * a site whose page forms use reCAPTCHA admits exactly Google's reCAPTCHA sources in script-src
 * and frame-src, on its pages and its other responses alike. Telemetry answers carry only the
 * headers that matter for data (nosniff, same-origin), none of helmet's document headers; JSON
 * answers under /api/ carry those and a policy that lets them load nothing (docs/adr/016-…).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { schema } from '../db/index.ts';
import { createSiteResolver, type SiteResolver } from './current-site.ts';

const BASE_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
};
const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

let harness: TestApp;
let resolver: SiteResolver | undefined;

beforeAll(async () => {
  // Reads the site on every request, so each test's settings apply at once.
  const sites: SiteResolver = {
    current: () => (resolver ? resolver.current() : Promise.resolve(undefined)),
    invalidate: (change) => resolver?.invalidate(change),
    stockVersion: () => resolver?.stockVersion() ?? 0,
  };
  harness = await createTestApp({ sites });
  resolver = createSiteResolver(harness.database, { ttlMs: 0 });
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

async function setCaptcha(captchaSettings: Record<string, unknown> | undefined): Promise<void> {
  const { sites } = schema;
  await harness.database.db
    .update(sites)
    .set({
      settings:
        captchaSettings === undefined
          ? sql`${sites.settings} - 'captchaSettings'`
          : sql`${sites.settings} || ${JSON.stringify({ captchaSettings })}::jsonb`,
    })
    .where(eq(sites.id, 'vitrine-demo'));
}

/** The response's policy as directive → sources. */
async function policyOf(url: string): Promise<Record<string, string[]>> {
  const response = await harness.app.inject(url);
  const header = response.headers['content-security-policy'];
  expect(typeof header, url).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

beforeEach(async () => {
  await setCaptcha({ siteKey: 'vitrine-altcha', provider: 'altcha' });
});

describe('Content-Security-Policy by captcha provider', () => {
  it('keeps an ALTCHA site on its own origin: no reCAPTCHA source anywhere', async () => {
    for (const url of ['/contact', '/shop/p/linen-shirt', '/healthz', '/no-such-page'])
      expect(await policyOf(url), url).toEqual(BASE_POLICY);
  });

  it('admits exactly reCAPTCHA’s script and frame sources on a reCAPTCHA site', async () => {
    await setCaptcha({ siteKey: '6Lc-test-key', provider: 'recaptcha' });
    for (const url of ['/contact', '/', '/healthz', '/no-such-page'])
      expect(await policyOf(url), url).toEqual({
        ...BASE_POLICY,
        'script-src': ["'self'", ...RECAPTCHA],
        'frame-src': ["'self'", ...RECAPTCHA],
      });
  });

  it('admits nothing more while reCAPTCHA is chosen but not switched on (no site key)', async () => {
    await setCaptcha({ provider: 'recaptcha' });
    expect(await policyOf('/contact')).toEqual(BASE_POLICY);
    await setCaptcha(undefined);
    expect(await policyOf('/contact')).toEqual(BASE_POLICY);
  });

  it('goes back to the base policy when the site returns to ALTCHA', async () => {
    await setCaptcha({ siteKey: '6Lc-test-key', provider: 'recaptcha' });
    expect((await policyOf('/contact'))['frame-src']).toEqual(["'self'", ...RECAPTCHA]);
    await setCaptcha({ siteKey: 'vitrine-altcha', provider: 'altcha' });
    expect(await policyOf('/contact')).toEqual(BASE_POLICY);
  });
});

// helmet's document headers: a page's answer carries them, a beacon's or JSON answer does not.
const DOCUMENT_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const JSON_API_CSP = "default-src 'none'; frame-ancestors 'none'";

describe('telemetry answers', () => {
  const BEACONS = [
    '/api/census/RecordHit',
    '/api/1/performance/records',
    '/api/events/RecordJavascriptErrors',
  ];

  it.each(BEACONS)(
    '%s answers with nosniff and same-origin only, accepted or refused',
    async (url) => {
      const refused = await harness.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
      expect(refused.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of DOCUMENT_HEADERS)
        expect(refused.headers[name], `${url} ${name}`).toBeUndefined();
    },
  );

  it('leaves every page and other answer its document headers', async () => {
    for (const url of ['/', '/shop', '/healthz', '/no-such-page']) {
      const response = await harness.app.inject(url);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
  });
});

describe('JSON answers under /api/', () => {
  const JSON_ANSWERS: { name: string; method?: 'GET' | 'POST'; url: string; status: number }[] = [
    { name: 'get-cart', url: '/api/commerce/shopping-cart', status: 200 },
    {
      name: 'reviews of an unknown product',
      url: '/api/commerce/product/reviews?productId=no-such-product',
      status: 404,
    },
    {
      name: 'add-to-cart refused without its CSRF token',
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      status: 403,
    },
    { name: 'the owner API without a login', url: '/api/vitrine/owner/orders', status: 401 },
  ];

  it.each(JSON_ANSWERS)(
    '$name answers JSON with nosniff, same-origin and a policy that loads nothing',
    async ({ method, url, status }) => {
      const response = await harness.app.inject({
        method: method ?? 'GET',
        url,
        ...(method === 'POST'
          ? { headers: { 'content-type': 'application/json' }, payload: '{}' }
          : {}),
      });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['content-security-policy'], url).toBe(JSON_API_CSP);
      for (const name of DOCUMENT_HEADERS.filter((header) => header !== 'content-security-policy'))
        expect(response.headers[name], `${url} ${name}`).toBeUndefined();
    },
  );

  it('keeps the JSON policy on a reCAPTCHA site: a JSON answer loads no script', async () => {
    await setCaptcha({ siteKey: '6Lc-test-key', provider: 'recaptcha' });
    const response = await harness.app.inject('/api/commerce/shopping-cart');
    expect(response.headers['content-security-policy']).toBe(JSON_API_CSP);
  });

  it('gives a page served under /api/ helmet’s document headers and the site’s policy', async () => {
    const url = '/api/vitrine/newsletter/confirm?token=not-a-token';
    const response = await harness.app.inject(url);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(await policyOf(url)).toEqual(BASE_POLICY);
    await setCaptcha({ siteKey: '6Lc-test-key', provider: 'recaptcha' });
    expect((await policyOf(url))['frame-src']).toEqual(["'self'", ...RECAPTCHA]);
  });
});
