/**
 * Helpers for this module's integration tests (not imported by production code): an app with
 * an owner token and a long flush interval (tests flush explicitly), and row counts.
 */
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from '../../../../../test/helpers/app.ts';
import { sites } from '../../../db/schema.ts';
import type { SiteResolver } from '../../../http/current-site.ts';

export const OWNER_TOKEN = 'owner-token-for-tests-0123456789abcdef';
export const VISITOR = 'visitor-1234';

export async function createTelemetryTestApp(
  env: Record<string, string> = {},
  sites?: SiteResolver,
): Promise<TestApp> {
  return createTestApp({
    env: { OWNER_TOKEN, TELEMETRY_FLUSH_MS: '60000', TELEMETRY_RATE_LIMIT: '100000', ...env },
    ...(sites ? { sites } : {}),
  });
}

export async function rowCount(harness: TestApp, table: PgTable): Promise<number> {
  await harness.app.flushIngestion();
  const [row] = await harness.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

export async function siteId(harness: TestApp): Promise<string> {
  const [site] = await harness.database.db.select({ id: sites.id }).from(sites).limit(1);
  if (!site) throw new Error('the demo site is missing');
  return site.id;
}

/**
 * Today's date in the demo site's time zone, as owner reports read their from/to days: at
 * 00:30 UTC a New York site is still on yesterday.
 */
export async function siteToday(harness: TestApp): Promise<string> {
  const [site] = await harness.database.db
    .select({ settings: sites.settings })
    .from(sites)
    .limit(1);
  if (!site) throw new Error('the demo site is missing');
  // en-CA formats a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: site.settings.timeZone }).format(new Date());
}

export const ownerHeaders = { authorization: `Bearer ${OWNER_TOKEN}` };

export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export const FORM_TYPE = 'application/x-www-form-urlencoded';

/** One census page view from VISITOR, as `app.inject` takes it. */
export const censusHit = () => ({
  method: 'POST' as const,
  url: '/api/census/RecordHit',
  headers: { 'content-type': FORM_TYPE },
  cookies: { ss_cvr: VISITOR },
  payload: form({ event: 'view', data: JSON.stringify({ pagePath: '/' }) }),
});
export const TEXT_TYPE = 'text/plain;charset=UTF-8';

/**
 * An assertion for refused requests: the status and error code are as expected and the table
 * holds exactly as many rows afterwards (after a flush) as before. `harness` is read lazily
 * because test files create it in beforeAll.
 */
export function refusalChecker(harness: () => TestApp, table: PgTable) {
  return async function expectRefused<R extends { statusCode: number; json(): unknown }>(
    act: () => Promise<R>,
    status: number,
    code: string,
  ): Promise<R> {
    const before = await rowCount(harness(), table);
    const response = await act();
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error: { code } });
    expect(await rowCount(harness(), table)).toBe(before);
    return response;
  };
}
