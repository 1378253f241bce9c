/**
 * Owner APIs, role by role and endpoint by endpoint: each owner endpoint of the route table has
 * the action it needs written down here; every website role is logged in and calls every
 * endpoint; a role without the action is refused 403 OWNER_FORBIDDEN, a role with it gets past
 * the guard, a visitor who is no owner gets 401 — and no refused call changes a row.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/http/route-table.ts';
import { readFileSync } from 'node:fs';
import {
  OWNER_ACTIONS,
  roleAllows,
  WEBSITE_ROLES,
  type OwnerAction,
  type WebsiteRoleName,
} from '../../src/shared/roles.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { changedTables, databaseFingerprint } from '../helpers/db-fingerprint.ts';
import { newVisitor, type Visitor } from '../helpers/session.ts';
import { loginOwner } from '../helpers/site-users.ts';

/**
 * The action each owner endpoint requires: docs/owner-api.md holds the table (one place for
 * maintainers and owners to read it); this suite proves the code enforces exactly that.
 */
function endpointActions(): Record<string, OwnerAction> {
  const ownerApi = readFileSync(new URL('../../docs/owner-api.md', import.meta.url), 'utf8');
  const table: Record<string, OwnerAction> = {};
  for (const match of ownerApi.matchAll(
    /^\| `((?:GET|POST|PUT|PATCH|DELETE) \/[^`]+)` \| `([a-z]+:[a-z]+)` \|$/gm,
  )) {
    const [, endpoint, action] = match;
    if (endpoint === undefined || action === undefined) continue;
    if (!(OWNER_ACTIONS as readonly string[]).includes(action))
      throw new Error(`docs/owner-api.md names an unknown action ${action} for ${endpoint}`);
    table[endpoint] = action as OwnerAction;
  }
  return table;
}
const ENDPOINT_ACTIONS = endpointActions();

/** Owner endpoints are found by their place in the URL space; logging in is not one. */
function isOwnerEndpoint(route: RouteEntry): boolean {
  const key = `${route.method} ${route.url}`;
  if (key === 'POST /api/vitrine/owner/session' || key === 'DELETE /api/vitrine/owner/session')
    return false;
  return (
    route.url.startsWith('/api/vitrine/owner/') ||
    route.url.startsWith('/api/site-users/account/notifications/restock') ||
    route.url.startsWith('/api/vitrine/analytics/') ||
    route.url.startsWith('/api/vitrine/telemetry/')
  );
}

let harness: TestApp;
let endpoints: RouteEntry[];
const owners = new Map<WebsiteRoleName, Visitor>();
let anonymous: Visitor;

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } });
  await harness.app.ready();
  endpoints = harness.app.routeTable.filter(isOwnerEndpoint);
  for (const [name, code] of Object.entries(WEBSITE_ROLES) as [WebsiteRoleName, number][]) {
    owners.set(
      name,
      await loginOwner(harness.app, harness.database.db, `${name.toLowerCase()}@example.com`, code),
    );
  }
  anonymous = await newVisitor(harness.app);
}, 120_000);
afterAll(() => harness.close());

const key = (route: RouteEntry) => `${route.method} ${route.url}`;

function call(visitor: Visitor, route: RouteEntry): Promise<LightMyRequestResponse> {
  const url = route.url.replace(/:[A-Za-z]+/g, 'x');
  const crumb = visitor.cookies.get('crumb') ?? visitor.crumb;
  const method = route.method as 'POST';
  return method === ('GET' as string)
    ? visitor.inject({ method, url })
    : visitor.inject({ method, url, payload: {}, headers: { 'x-csrf-token': crumb } });
}

function code(response: LightMyRequestResponse): string | undefined {
  try {
    const body: { error?: { code?: string } } = response.json();
    return body.error?.code;
  } catch {
    return undefined;
  }
}

describe('owner endpoints', () => {
  it('each has its action written down, and none is listed that does not exist', () => {
    expect(endpoints.map(key).sort()).toEqual(Object.keys(ENDPOINT_ACTIONS).sort());
  });

  it('refuse visitors (401) and roles without the action (403), changing nothing', async () => {
    const before = await databaseFingerprint(harness.database, ['login_throttle']);
    const refusals: string[] = [];
    for (const route of endpoints) {
      const anon = await call(anonymous, route);
      expect([key(route), anon.statusCode, code(anon)]).toEqual([
        key(route),
        401,
        'OWNER_UNAUTHORIZED',
      ]);
      const action = ENDPOINT_ACTIONS[key(route)];
      if (action === undefined) continue;
      for (const [name, owner] of owners) {
        if (roleAllows(WEBSITE_ROLES[name], action)) continue;
        const response = await call(owner, route);
        expect([key(route), name, response.statusCode, code(response)]).toEqual([
          key(route),
          name,
          403,
          'OWNER_FORBIDDEN',
        ]);
        refusals.push(`${name} ${key(route)}`);
      }
    }
    expect(refusals.length).toBeGreaterThan(100);
    expect(
      changedTables(before, await databaseFingerprint(harness.database, ['login_throttle'])),
    ).toEqual([]);
  });

  it('let every role with the action past the guard', async () => {
    let allowed = 0;
    for (const route of endpoints) {
      const action = ENDPOINT_ACTIONS[key(route)];
      if (action === undefined) continue;
      for (const [name, owner] of owners) {
        if (!roleAllows(WEBSITE_ROLES[name], action)) continue;
        const response = await call(owner, route);
        expect(
          [401, 403].includes(response.statusCode),
          `${name} ${key(route)} answered ${response.statusCode} ${response.body.slice(0, 200)}`,
        ).toBe(false);
        allowed += 1;
      }
    }
    // ADMIN alone holds every action: at least one allowed call per endpoint.
    expect(allowed).toBeGreaterThanOrEqual(endpoints.length);
  });
});
