/**
 * Property-based fuzzing of every JSON and form endpoint in the route table: hostile bodies,
 * queries and path parameters from a visitor holding a valid session and crumb (so requests get
 * past CSRF into the handlers). Properties: no 5xx except the catalog's upstream failures, no
 * crash, no prototype pollution, and a refused request changes no row anywhere.
 * FUZZ_RUNS sets the number of payloads (2,000 here; `npm run test:soak` sends 50,000).
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/http/route-table.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { changedTables, databaseFingerprint } from '../helpers/db-fingerprint.ts';
import { newVisitor, type Visitor } from '../helpers/session.ts';
import { hostileFormFields, hostileJsonText, hostileString } from './hostile-input.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
/** 5xx answers that are the catalog's word for an upstream failure, not a crash. */
const UPSTREAM_FAILURES = new Set([
  'PAYMENT_FAILED',
  'PLACES_NOT_CONFIGURED',
  'PLACES_UPSTREAM_FAILED',
  'PLACES_TIMEOUT',
]);
/** Tables a refused request writes by design: failed logins are counted to throttle guessing. */
const WRITTEN_BY_REFUSALS = ['login_throttle'];

let harness: TestApp;
let visitor: Visitor;
let routes: RouteEntry[];
let productIds: string[];
let variantIds: string[];

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 100_000_000, timeWindowMs: 60_000 } });
  await harness.app.ready();
  // Bodies and queries reach the handlers of the API and of the form posts; pages are GETs of
  // the theme, fuzzed by their query strings through the same table.
  routes = harness.app.routeTable.filter(
    (route) => route.method !== 'GET' || route.url.startsWith('/api/'),
  );
  visitor = await newVisitor(harness.app);
  const { products, variants } = await import('../../src/server/db/schema.ts');
  productIds = (await harness.database.db.select({ id: products.id }).from(products)).map(
    (row) => row.id,
  );
  variantIds = (await harness.database.db.select({ id: variants.id }).from(variants)).map(
    (row) => row.id,
  );
}, 120_000);
afterAll(() => harness?.close());

/** Percent-encodes a segment; a lone surrogate (not encodable) goes as invalid UTF-8 bytes. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** A path segment as sent: mostly a real id, sometimes anything, sometimes broken encoding. */
const pathParameter = () =>
  fc.oneof(
    fc.constantFrom(...productIds, ...variantIds),
    hostileString.filter((value) => value.length < 2_000).map(encodeSegment),
    fc.constantFrom('%FF', '%', '%E0%A4%A', '..', '%2e%2e', '%00'),
  );

const request = () =>
  fc.record({
    route: fc.constantFrom(...routes),
    encoding: fc.constantFrom('json', 'json', 'form', 'text'),
    json: hostileJsonText,
    form: hostileFormFields,
    query: fc.dictionary(fc.string({ maxLength: 12 }), hostileString, { maxKeys: 3 }),
    parameter: pathParameter(),
  });

type FuzzRequest = ReturnType<typeof request> extends fc.Arbitrary<infer T> ? T : never;

function send(input: FuzzRequest): Promise<LightMyRequestResponse> {
  const { route } = input;
  const path = route.url.replace(/:[A-Za-z]+/g, () => input.parameter).replace(/\*$/, '');
  const query = new URLSearchParams(
    Object.entries(input.query).map(([key, value]) => [key, value.slice(0, 2_000)]),
  ).toString();
  const url = query ? `${path}?${query}` : path;
  const method = route.method as 'POST';
  if (method === ('GET' as string) || method === ('DELETE' as string))
    return visitor.inject({ method, url });
  switch (input.encoding) {
    case 'form':
      return visitor.inject({
        method,
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...input.form, crumb: visitor.crumb }).toString(),
      });
    case 'text':
      return visitor.inject({
        method,
        url,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: input.json,
      });
    case 'json':
      return visitor.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: input.json,
      });
  }
}

function errorCode(response: LightMyRequestResponse): string | undefined {
  try {
    const body: { error?: { code?: string } } = response.json();
    return body.error?.code;
  } catch {
    return undefined;
  }
}

describe(`fuzzing ${RUNS} payloads over the route table`, () => {
  it(
    'never answers 5xx, never pollutes prototypes, and refused requests change nothing',
    async () => {
      const seen = { refused: 0, accepted: 0, routes: new Set<string>() };
      let before = await databaseFingerprint(harness.database, WRITTEN_BY_REFUSALS);
      await fc.assert(
        fc.asyncProperty(request(), async (input) => {
          const response = await send(input);
          const code = errorCode(response);
          const label = `${input.route.method} ${input.route.url}`;
          seen.routes.add(label);
          expect(
            response.statusCode < 500 || (code !== undefined && UPSTREAM_FAILURES.has(code)),
            `${label} answered ${response.statusCode} ${response.body.slice(0, 300)}`,
          ).toBe(true);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          // Accepted beacons are written in batches; flush so their rows land now, not later.
          await harness.app.flushIngestion();
          const after = await databaseFingerprint(harness.database, WRITTEN_BY_REFUSALS);
          if (response.statusCode >= 400) {
            seen.refused += 1;
            expect(changedTables(before, after), `${label} refused but changed rows`).toEqual([]);
          } else {
            seen.accepted += 1;
          }
          before = after;
        }),
        { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
      );
      // The fuzzer reached (nearly) every route, and most of what it sent was refused.
      expect(seen.routes.size).toBeGreaterThanOrEqual(Math.min(routes.length, RUNS) * 0.9);
      expect(seen.refused + seen.accepted).toBe(RUNS);
      console.info(
        `fuzz: ${RUNS} payloads over ${seen.routes.size} routes: ${seen.accepted} accepted, ${seen.refused} refused, 0 server errors`,
      );
    },
    Math.max(120_000, RUNS * 200),
  );
});
