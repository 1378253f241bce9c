import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { analyticsEvents } from '../../db/schema-analytics.ts';
import { sites } from '../../db/schema.ts';
import { createSiteResolver, type SiteResolver } from '../../http/current-site.ts';
import {
  createTelemetryTestApp,
  form,
  FORM_TYPE,
  refusalChecker,
  rowCount,
  VISITOR,
} from './testing/telemetry-app.ts';

let harness: TestApp;
// Re-read on every request, so a flag written by a test applies to its next request.
let resolver: SiteResolver | undefined;

beforeAll(async () => {
  harness = await createTelemetryTestApp(
    {},
    {
      current: () => resolver?.current() ?? Promise.resolve(undefined),
      invalidate: (change) => resolver?.invalidate(change),
      stockVersion: () => resolver?.stockVersion() ?? 0,
    },
  );
  resolver = createSiteResolver(harness.database, { ttlMs: 0 });
});
afterAll(() => harness.close());

async function setFlags(flags: Record<string, boolean>): Promise<void> {
  await harness.database.db.update(sites).set({
    settings: sql`jsonb_set(${sites.settings}, '{featureFlags}', coalesce(${sites.settings}->'featureFlags', '{}'::jsonb) || ${JSON.stringify(flags)}::jsonb)`,
  });
}

const expectRefused = refusalChecker(() => harness, analyticsEvents);

const hit = () =>
  harness.app.inject({
    method: 'POST',
    url: '/api/census/RecordHit',
    headers: { 'content-type': FORM_TYPE },
    cookies: { ss_cvr: VISITOR },
    payload: form({ event: 'view', data: JSON.stringify({ pagePath: '/shop' }) }),
  });
const buttonClick = () =>
  harness.app.inject({
    method: 'POST',
    url: '/api/census/button-click',
    headers: { 'content-type': FORM_TYPE },
    payload: form({ visitorCookie: VISITOR, pagePath: '/shop' }),
  });
const v0Event = () =>
  harness.app.inject({
    method: 'POST',
    url: '/api/events/RecordEvent',
    headers: { 'content-type': FORM_TYPE },
    cookies: { crumb: 'crumb-value' },
    payload: form({ event: 'Add To Cart', data: JSON.stringify({ pagePath: '/shop' }) }),
  });

describe('ingestion follows the site analytics gate', () => {
  it('stores hits and events while census is on', async () => {
    await setFlags({ visitorMetrics: true, censusDisabled: false });
    const before = await rowCount(harness, analyticsEvents);
    for (const send of [hit, buttonClick, v0Event]) expect((await send()).statusCode).toBe(202);
    expect(await rowCount(harness, analyticsEvents)).toBe(before + 3);
  });

  it('refuses census hits, side events and tracking events when census is disabled', async () => {
    await setFlags({ visitorMetrics: true, censusDisabled: true });
    for (const send of [hit, buttonClick, v0Event]) {
      const response = await expectRefused(send, 403, 'ANALYTICS_DISABLED');
      expect(response.json()).toMatchObject({
        error: { message: 'Visitor analytics are turned off on this site.' },
      });
    }
  });

  it('refuses them when the site turned visitor metrics off', async () => {
    await setFlags({ visitorMetrics: false, censusDisabled: false });
    for (const send of [hit, buttonClick, v0Event])
      await expectRefused(send, 403, 'ANALYTICS_DISABLED');
  });
});
