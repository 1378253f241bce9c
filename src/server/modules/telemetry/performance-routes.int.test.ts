import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { pageSpeedRecords, performanceSettings } from '../../db/schema-telemetry.ts';
import {
  createTelemetryTestApp,
  ownerHeaders,
  refusalChecker,
  rowCount,
  siteId,
  siteToday,
  TEXT_TYPE,
} from '../analytics/testing/telemetry-app.ts';
import { RECORDS_BODY_LIMIT_BYTES } from './performance-routes.ts';

let harness: TestApp;
let site: string;

beforeAll(async () => {
  harness = await createTelemetryTestApp();
  site = await siteId(harness);
  // The demo's file turns the collector on; these tests start from a site that never did.
  await harness.database.db.delete(performanceSettings);
});
afterAll(() => harness.close());

async function settings() {
  const response = await harness.app.inject({ method: 'GET', url: '/api/1/performance/settings' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function record(pageLoadId: string, overrides: Record<string, unknown> = {}) {
  return {
    pageLoadId,
    context: { websiteId: site, pageType: 50, templateId: 't1', language: 'en-US' },
    identity: { hostName: 'example.com', path: '/shop/p/linen-shirt' },
    deliveryType: 'beacon',
    connection: { downlink: 10, effectiveType: '4g', rtt: 50, saveData: false },
    display: {
      pixelRatio: 2,
      screenWidth: 1920,
      screenHeight: 1080,
      viewportWidth: 1280,
      viewportHeight: 720,
    },
    hardware: { deviceMemory: 8, cpuCores: 8 },
    collectorVersion: '1.0.0',
    timings: {
      largestContentfulPaint: 1800,
      layoutShift: 0.05,
      interactionToNextPaint: 120,
      firstContentfulPaint: 900,
      responseStart: 200,
    },
    userTimings: [{ name: 'rum-hydrate', duration: 12.5, startTime: 300 }],
    ...overrides,
  };
}

function postRecords(payload: string, type = TEXT_TYPE) {
  return harness.app.inject({
    method: 'POST',
    url: '/api/1/performance/records',
    headers: { 'content-type': type },
    payload,
  });
}

const expectRefused = refusalChecker(() => harness, pageSpeedRecords);

describe('GET /api/1/performance/settings', () => {
  it('answers a fresh page-load id and every rollout flag false by default, not cacheable', async () => {
    const first = await harness.app.inject({ method: 'GET', url: '/api/1/performance/settings' });
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json();
    expect(body).toEqual({
      pageLoadId: expect.any(String),
      rum: false,
      'track-page-speed': false,
      'track-user-timing': false,
    });
    expect((await settings()).pageLoadId).not.toBe(body.pageLoadId);
  });

  it('answers the flags the owner turned on, including <app>-app', async () => {
    const put = await harness.app.inject({
      method: 'PUT',
      url: '/api/vitrine/telemetry/performance-settings',
      headers: ownerHeaders,
      payload: {
        flags: {
          rum: true,
          'commerce-app': true,
          'track-page-speed': true,
          'track-user-timing': true,
        },
      },
    });
    expect(put.statusCode).toBe(200);
    expect(await settings()).toMatchObject({
      rum: true,
      'commerce-app': true,
      'track-page-speed': true,
      'track-user-timing': true,
    });
    const bad = await harness.app.inject({
      method: 'PUT',
      url: '/api/vitrine/telemetry/performance-settings',
      headers: ownerHeaders,
      payload: { flags: { 'not a flag': true } },
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await harness.app.inject({
      method: 'PUT',
      url: '/api/vitrine/telemetry/performance-settings',
      payload: { flags: { rum: false } },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await settings()).rum).toBe(true);
  });
});

describe('POST /api/1/performance/records', () => {
  it('stores encoded records sent as text/plain by beacon, with the vitals as columns', async () => {
    const { pageLoadId } = await settings();
    const before = await rowCount(harness, pageSpeedRecords);
    const response = await postRecords(
      JSON.stringify([
        JSON.stringify(record(pageLoadId)),
        JSON.stringify(record(pageLoadId, { deliveryType: 'xhr' })),
      ]),
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 2 });
    expect(await rowCount(harness, pageSpeedRecords)).toBe(before + 2);
    const [row] = await harness.database.db.select().from(pageSpeedRecords).limit(1);
    expect(row).toMatchObject({
      siteId: site,
      pageLoadId,
      pageType: 50,
      path: '/shop/p/linen-shirt',
      lcpMs: 1800,
      cls: 0.05,
      inpMs: 120,
      fcpMs: 900,
      ttfbMs: 200,
    });
  });

  it('accepts records as JSON objects from an XHR fallback', async () => {
    const { pageLoadId } = await settings();
    const response = await postRecords(JSON.stringify([record(pageLoadId)]), 'application/json');
    expect(response.statusCode).toBe(202);
  });

  it('refuses a page-load id this site did not issue', async () => {
    await expectRefused(
      () => postRecords(JSON.stringify([record('forged.id')])),
      400,
      'INVALID_PAGE_LOAD_ID',
    );
  });

  it("refuses an empty array ('no payload'), empty encoded data, bad JSON and invalid records", async () => {
    const { pageLoadId } = await settings();
    const empty = await expectRefused(() => postRecords('[]'), 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(empty.json().error.fields)).toContain('no payload');
    const emptyData = await expectRefused(() => postRecords('[""]'), 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(emptyData.json().error.fields)).toContain('empty encoded data');
    await expectRefused(() => postRecords('[{'), 400, 'INVALID_JSON');
    await expectRefused(() => postRecords(''), 400, 'VALIDATION_FAILED');
    await expectRefused(
      () => postRecords(JSON.stringify([record(pageLoadId, { deliveryType: 'pigeon' })])),
      400,
      'VALIDATION_FAILED',
    );
    await expectRefused(
      () =>
        postRecords(
          JSON.stringify([record(pageLoadId, { timings: { largestContentfulPaint: -5 } })]),
        ),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('only rum- user timings, each name and duration pair once', async () => {
    const { pageLoadId } = await settings();
    const notRum = await expectRefused(
      () =>
        postRecords(
          JSON.stringify([
            record(pageLoadId, { userTimings: [{ name: 'hydrate', duration: 1, startTime: 0 }] }),
          ]),
        ),
      400,
      'VALIDATION_FAILED',
    );
    expect(JSON.stringify(notRum.json().error.fields)).toContain('must start with rum-');
    const twice = [
      { name: 'rum-a', duration: 1, startTime: 0 },
      { name: 'rum-a', duration: 1, startTime: 5 },
    ];
    await expectRefused(
      () => postRecords(JSON.stringify([record(pageLoadId, { userTimings: twice })])),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('refuses another site, more than 50 records, oversized bodies and wrong content types', async () => {
    const { pageLoadId } = await settings();
    await expectRefused(
      () =>
        postRecords(
          JSON.stringify([record(pageLoadId, { context: { websiteId: 'another-site' } })]),
        ),
      400,
      'VALIDATION_FAILED',
    );
    await expectRefused(
      () => postRecords(JSON.stringify(Array.from({ length: 51 }, () => record(pageLoadId)))),
      400,
      'VALIDATION_FAILED',
    );
    await expectRefused(
      () => postRecords(`["${'x'.repeat(RECORDS_BODY_LIMIT_BYTES)}"]`),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    await expectRefused(
      () => postRecords('a=1', 'application/x-www-form-urlencoded'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });
});

describe('owner page-speed report', () => {
  it('answers the p75 of each vital per page type', async () => {
    const { pageLoadId } = await settings();
    const lcps = [1000, 2000, 3000, 4000, 5000];
    await postRecords(
      JSON.stringify(
        lcps.map((lcp) =>
          record(pageLoadId, {
            context: { pageType: 300 },
            timings: { largestContentfulPaint: lcp, layoutShift: lcp / 10_000 },
          }),
        ),
      ),
    );
    await harness.app.flushIngestion();
    const today = await siteToday(harness);
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/vitrine/telemetry/page-speed?from=${today}&to=${today}`,
      headers: ownerHeaders,
    });
    expect(response.statusCode).toBe(200);
    const type300 = response
      .json()
      .pageTypes.find((row: { pageType: number }) => row.pageType === 300);
    // percentile_cont(0.75) of 1000…5000 interpolates to 4000.
    expect(type300).toEqual({
      pageType: 300,
      records: 5,
      lcpMs: 4000,
      cls: 0.4,
      inpMs: null,
      fcpMs: null,
      ttfbMs: null,
    });
    const anonymous = await harness.app.inject({
      method: 'GET',
      url: `/api/vitrine/telemetry/page-speed?from=${today}&to=${today}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
