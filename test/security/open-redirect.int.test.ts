/**
 * Open redirects, walked over the app's route table: every GET and POST route is sent hostile
 * redirect targets in every parameter a redirect is commonly read from (query and form body), as
 * a visitor and as a logged-in site user, and no answer may send the browser off the site. The
 * targets are resolved the way a browser resolves a Location header (WHATWG URL: backslashes,
 * tabs and leading spaces included). Then the known redirecting forms are attacked directly with
 * valid credentials, where a redirect is certain to happen.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/http/route-table.ts';
import { UNLOCK_PATH } from '../../src/server/modules/content/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { newVisitor, type Visitor } from '../helpers/session.ts';
import { insertSiteUser, login, PASSWORD } from '../helpers/site-users.ts';

const SITE = 'http://site.invalid';

/** Targets that would leave the site if a route echoed them into Location. */
const HOSTILE = [
  '//evil.example/x',
  'https://evil.example/x',
  '/\\evil.example/x',
  '\\\\evil.example/x',
  '/\t/evil.example/x',
  ' //evil.example/x',
  'https:evil.example/x',
  'javascript:alert(1)',
  '/%2F%2Fevil.example/x',
  '//site.invalid@evil.example/x',
] as const;

/** Parameter names routes read a destination from. */
const FIELDS = [
  'returnTo',
  'path',
  'back',
  'next',
  'redirect',
  'redirectUrl',
  'url',
  'successRedirect',
];

let harness: TestApp;
let routes: RouteEntry[];

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } });
  routes = harness.app.routeTable.filter(
    (route) => route.method === 'GET' || route.method === 'POST',
  );
});
afterAll(() => harness.close());

/** Where a browser would go with this Location, or undefined when it stays on the site. */
function offSite(response: LightMyRequestResponse): string | undefined {
  const location = response.headers.location;
  if (response.statusCode < 300 || response.statusCode >= 400 || location === undefined)
    return undefined;
  const target = new URL(String(location), `${SITE}/page`);
  return target.origin === SITE ? undefined : target.href;
}

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');

function query(value: string): string {
  return new URLSearchParams(FIELDS.map((field) => [field, value])).toString();
}

async function attack(
  visitor: Visitor,
  route: RouteEntry,
  value: string,
): Promise<LightMyRequestResponse[]> {
  const url = `${concrete(route.url)}?${query(value)}`;
  if (route.method === 'GET') return [await visitor.inject({ url })];
  const fields = Object.fromEntries(FIELDS.map((field) => [field, value]));
  return [
    await visitor.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...fields, crumb: visitor.crumb }).toString(),
    }),
    await visitor.inject({ method: 'POST', url, payload: fields }),
  ];
}

describe('every route, with hostile redirect targets in every usual parameter', () => {
  it.each([
    ['a visitor', false],
    ['a logged-in site user', true],
  ])('sends %s nowhere off the site', async (_who, loggedIn) => {
    const visitor = await newVisitor(harness.app);
    if (loggedIn) {
      await insertSiteUser(harness.database.db, 'walker@example.com');
      expect((await login(visitor, 'walker@example.com')).statusCode).toBe(200);
    }
    const escapes: string[] = [];
    let redirects = 0;
    for (const route of routes) {
      // Logging out would end the walk's login; it takes no destination.
      if (route.url === '/account/logout') continue;
      for (const value of HOSTILE) {
        for (const response of await attack(visitor, route, value)) {
          if (response.statusCode >= 300 && response.statusCode < 400) redirects += 1;
          const target = offSite(response);
          if (target) escapes.push(`${route.method} ${route.url} (${value}) → ${target}`);
        }
      }
    }
    expect(escapes).toEqual([]);
    // The walk reached routes that do redirect (the cart's form posts, the account pages, …):
    // at least one for every hostile target.
    expect(redirects).toBeGreaterThanOrEqual(HOSTILE.length);
  });
});

describe('the forms that redirect on success', () => {
  it.each(HOSTILE)('login with returnTo %j stays on the site', async (value) => {
    await insertSiteUser(harness.database.db, `returner-${HOSTILE.indexOf(value)}@example.com`);
    const visitor = await newVisitor(harness.app, '/account/login');
    const response = await visitor.inject({
      method: 'POST',
      url: '/account/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        crumb: visitor.crumb,
        email: `returner-${HOSTILE.indexOf(value)}@example.com`,
        password: PASSWORD,
        returnTo: value,
      }).toString(),
    });
    expect(response.statusCode).toBe(303);
    expect(offSite(response)).toBeUndefined();
    // Already logged in, the login page sends the shopper on at once: on the site too.
    const again = await visitor.inject({
      url: `/account/login?returnTo=${encodeURIComponent(value)}`,
    });
    expect(again.statusCode).toBe(303);
    expect(offSite(again)).toBeUndefined();
  });

  it.each(HOSTILE)('a page unlock with path %j stays on the site', async (value) => {
    const visitor = await newVisitor(harness.app, '/');
    const response = await visitor.inject({
      method: 'POST',
      url: UNLOCK_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ crumb: visitor.crumb, path: value, password: 'vitrine' }),
    });
    expect(response.statusCode).toBe(303);
    expect(offSite(response)).toBeUndefined();
  });
});
