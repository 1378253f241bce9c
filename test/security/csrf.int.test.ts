/**
 * CSRF, walked over the app's route table: every state-changing route refuses a request without
 * the session's token, with another session's token (header or form field), and from a browser
 * sending no cookies — and none of those requests changes a row anywhere. The routes that take
 * no token are listed here by name, each with its reason, so a new exemption is a visible
 * decision rather than an accident.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/http/route-table.ts';
import { ERRORS, type ErrorCode } from '../../src/shared/errors.ts';
import { escapeHtml } from '../../src/shared/html/escape-html.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { changedTables, databaseFingerprint } from '../helpers/db-fingerprint.ts';
import { newVisitor, type Visitor } from '../helpers/session.ts';

/** Non-GET routes that skip the global check, and why that is safe. */
const EXEMPT: Readonly<Record<string, string>> = {
  'POST /api/census/RecordHit': 'telemetry beacon: validation, size and rate limits',
  'POST /api/census/RecordQuickView/:id': 'telemetry beacon',
  'POST /api/census/button-click': 'telemetry beacon',
  'POST /api/census/button-render': 'telemetry beacon',
  'POST /api/census/form-render': 'telemetry beacon',
  'POST /api/census/overlay': 'telemetry beacon',
  'POST /api/events/RecordEvent': 'telemetry beacon',
  'POST /api/events/RecordJavascriptErrors': 'telemetry beacon',
  'POST /api/1/performance/records': 'telemetry beacon',
  'POST /api/v1/clanker/events': 'telemetry beacon',
  'DELETE /api/site-users/account/session':
    'checks the crumb itself and answers crumbFail (docs/behaviour/accounts-and-login.md#login-and-logout)',
  'PUT /api/vitrine/telemetry/performance-settings':
    'bearer token, or a logged-in owner whose crumb the route checks itself',
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let harness: TestApp;
let routes: RouteEntry[];
let visitor: Visitor;
let stranger: Visitor;

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } });
  await harness.app.ready();
  routes = harness.app.routeTable.filter((route) => STATE_CHANGING.has(route.method));
  visitor = await newVisitor(harness.app);
  stranger = await newVisitor(harness.app);
});
afterAll(() => harness.close());

const key = (route: RouteEntry) => `${route.method} ${route.url}`;
/** A concrete URL for a route pattern: every parameter becomes a plausible id. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');

function expectRefused(response: LightMyRequestResponse, code: string, route: RouteEntry): void {
  expect(
    { route: key(route), status: response.statusCode, code: errorCode(response) },
    `${key(route)} answered ${response.statusCode}: ${response.body.slice(0, 200)}`,
  ).toEqual({ route: key(route), status: 403, code });
}

/** The catalog code of a JSON refusal, or of an HTML one (form posts) by its message. */
function errorCode(response: LightMyRequestResponse): string | undefined {
  if (response.headers['content-type']?.toString().startsWith('text/html')) {
    const codes = Object.keys(ERRORS) as ErrorCode[];
    return codes.find((code) =>
      response.body.includes(`<p role="alert">${escapeHtml(ERRORS[code].message)}</p>`),
    );
  }
  const body: { error?: { code?: string } } = response.json();
  return body.error?.code;
}

describe('the route table', () => {
  it('holds the state-changing routes of every module', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map(key)).toEqual(
      expect.arrayContaining([
        'POST /api/commerce/shopping-cart/entries',
        'POST /api/commerce/orders',
        'POST /api/form/SaveFormSubmission',
        'POST /cart/add',
      ]),
    );
  });

  it('exempts exactly the listed routes from the global CSRF check', () => {
    const exempt = routes
      .filter((route) => !route.csrf)
      .map(key)
      .sort();
    expect(exempt).toEqual(Object.keys(EXEMPT).sort());
  });
});

describe('every state-changing route with the global check', () => {
  it('refuses JSON with no token, another session’s token, and no cookies, changing nothing', async () => {
    const before = await databaseFingerprint(harness.database);
    let checked = 0;
    for (const route of routes.filter((candidate) => candidate.csrf)) {
      const base = {
        method: route.method as 'POST',
        url: concrete(route.url),
        payload: { quantity: 1 },
      };
      expectRefused(await visitor.inject({ ...base, csrf: false }), 'SESSION_EXPIRED', route);
      expectRefused(
        await visitor.inject({ ...base, csrf: false, headers: { 'x-csrf-token': stranger.crumb } }),
        'SESSION_EXPIRED',
        route,
      );
      expectRefused(await harness.app.inject(base), 'COOKIES_DISABLED', route);
      checked += 1;
    }
    expect(checked).toBe(routes.filter((route) => route.csrf).length);
    expect(changedTables(before, await databaseFingerprint(harness.database))).toEqual([]);
  });

  it('refuses a form post carrying another session’s crumb field, changing nothing', async () => {
    const before = await databaseFingerprint(harness.database);
    for (const route of routes.filter((candidate) => candidate.csrf)) {
      const response = await visitor.inject({
        method: route.method as 'POST',
        url: concrete(route.url),
        csrf: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ crumb: stranger.crumb, quantity: '1' }).toString(),
      });
      expectRefused(response, 'SESSION_EXPIRED', route);
    }
    expect(changedTables(before, await databaseFingerprint(harness.database))).toEqual([]);
  });

  it('lets the right token through the check (the route answers for itself)', async () => {
    const response = await visitor.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId: 'no-such-item', sku: 'none', quantity: 1 },
    });
    expect(response.statusCode).not.toBe(403);
  });
});

describe('the exempt routes protect themselves', () => {
  it('logout without the crumb answers crumbFail', async () => {
    const response = await visitor.inject({
      method: 'DELETE',
      url: '/api/site-users/account/session',
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ crumbFail: true });
  });

  it('the page-speed settings need an owner', async () => {
    const response = await visitor.inject({
      method: 'PUT',
      url: '/api/vitrine/telemetry/performance-settings',
      csrf: false,
      payload: { flags: {} },
    });
    expect(response.statusCode).toBe(401);
  });
});
