import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { MAX_STACK_LENGTH } from '../../../shared/analytics/limits.ts';
import { scriptErrorGroups, scriptErrors } from '../../db/schema-telemetry.ts';
import {
  createTelemetryTestApp,
  ownerHeaders,
  refusalChecker,
  siteId,
  TEXT_TYPE,
} from '../analytics/testing/telemetry-app.ts';
import { ERRORS_BODY_LIMIT_BYTES } from './script-error-routes.ts';

let harness: TestApp;
let site: string;

beforeAll(async () => {
  harness = await createTelemetryTestApp();
  site = await siteId(harness);
});
afterAll(() => harness.close());

const stackOf = (frame: string) =>
  `TypeError: x is undefined\n    at ${frame} (https://example.com/app.js:10:5)\n    at main (https://example.com/app.js:1:1)`;

function errorEvent(data: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return {
    eventName: 'javascript_error',
    data: JSON.stringify({
      siteId: site,
      templateId: 't1',
      pageUrl: 'https://example.com/shop',
      userAgent: 'Mozilla/5.0',
      applicationName: 'storefront',
      message: 'x is undefined',
      file: 'https://example.com/app.js',
      line: 10,
      column: 5,
      ...data,
    }),
    timestamp: Date.UTC(2026, 10, 22, 5, 0, 0),
    ...overrides,
  };
}

function post(payload: string, type = 'application/json') {
  return harness.app.inject({
    method: 'POST',
    url: '/api/events/RecordJavascriptErrors',
    headers: { 'content-type': type, 'x-csrf-token': 'from-the-crumb-cookie' },
    payload,
  });
}

const expectRefused = refusalChecker(() => harness, scriptErrors);

describe('POST /api/events/RecordJavascriptErrors', () => {
  it('groups errors by message and top stack frame, counting each group', async () => {
    const response = await post(
      JSON.stringify([
        errorEvent({ stack: stackOf('render') }),
        errorEvent({ stack: stackOf('render') }),
        errorEvent({ stack: stackOf('hydrate') }),
        errorEvent({ message: 'other failure', stack: stackOf('render') }),
      ]),
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 4 });
    // A second report of the same error adds to its group (upsert), in a later batch.
    expect(
      (await post(JSON.stringify([errorEvent({ stack: stackOf('render') })]), TEXT_TYPE))
        .statusCode,
    ).toBe(202);
    await harness.app.flushIngestion();
    const groups = await harness.database.db.select().from(scriptErrorGroups);
    const summary = groups
      .map((group) => [group.message, group.topFrame, group.occurrences])
      .sort();
    expect(summary).toEqual([
      ['other failure', 'at render (https://example.com/app.js:10:5)', 1],
      ['x is undefined', 'at hydrate (https://example.com/app.js:10:5)', 1],
      ['x is undefined', 'at render (https://example.com/app.js:10:5)', 3],
    ]);
    const [event] = await harness.database.db.select().from(scriptErrors).limit(1);
    expect(event).toMatchObject({
      siteId: site,
      eventName: 'javascript_error',
      templateId: 't1',
      pageUrl: 'https://example.com/shop',
      applicationName: 'storefront',
      file: 'https://example.com/app.js',
      line: 10,
      column: 5,
      clientTime: new Date(Date.UTC(2026, 10, 22, 5, 0, 0)),
    });
  });

  it('groups errors without a stack by file:line:column; Gecko frames are recognised', async () => {
    await post(
      JSON.stringify([
        errorEvent({ message: 'no stack' }),
        errorEvent({ message: 'gecko', stack: 'gecko\nrender@https://example.com/app.js:3:4\n' }),
      ]),
    );
    await harness.app.flushIngestion();
    const groups = await harness.database.db.select().from(scriptErrorGroups);
    expect(groups.find((group) => group.message === 'no stack')?.topFrame).toBe(
      'https://example.com/app.js:10:5',
    );
    expect(groups.find((group) => group.message === 'gecko')?.topFrame).toBe(
      'render@https://example.com/app.js:3:4',
    );
  });

  it('cuts stacks at 5000 characters', async () => {
    const long = `${stackOf('long')}\n${'    at deep (x.js:1:1)\n'.repeat(400)}`;
    expect(long.length).toBeGreaterThan(MAX_STACK_LENGTH);
    expect(
      (await post(JSON.stringify([errorEvent({ message: 'long stack', stack: long })]))).statusCode,
    ).toBe(202);
    await harness.app.flushIngestion();
    const rows = await harness.database.db.select().from(scriptErrors);
    expect(rows.find((row) => row.message === 'long stack')?.stack).toHaveLength(MAX_STACK_LENGTH);
  });

  it("refuses more than 10 events, an empty list ('no payload'), bad data and another site's errors", async () => {
    await expectRefused(
      () => post(JSON.stringify(Array.from({ length: 11 }, () => errorEvent({})))),
      400,
      'VALIDATION_FAILED',
    );
    const empty = await expectRefused(() => post('[]'), 400, 'VALIDATION_FAILED');
    expect(empty.json().error.fields).toEqual({ body: 'no payload' });
    await expectRefused(
      () => post(JSON.stringify([errorEvent({}, { data: '{oops' })])),
      400,
      'VALIDATION_FAILED',
    );
    await expectRefused(
      () => post(JSON.stringify([errorEvent({ message: '' })])),
      400,
      'VALIDATION_FAILED',
    );
    await expectRefused(
      () => post(JSON.stringify([errorEvent({}, { timestamp: 'yesterday' })])),
      400,
      'VALIDATION_FAILED',
    );
    await expectRefused(
      () => post(JSON.stringify([errorEvent({ siteId: 'another' })])),
      400,
      'VALIDATION_FAILED',
    );
    await expectRefused(() => post('{"not":"a list"}'), 400, 'VALIDATION_FAILED');
    await expectRefused(() => post('[{'), 400, 'INVALID_JSON');
  });

  it('refuses oversized bodies and wrong content types', async () => {
    await expectRefused(
      () => post(`["${'x'.repeat(ERRORS_BODY_LIMIT_BYTES)}"]`),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    await expectRefused(
      () => post('events=1', 'application/x-www-form-urlencoded'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });
});

describe('owner error groups', () => {
  it('lists groups with their counts, most frequent first', async () => {
    // Reports read days in the site's time zone (New York, behind UTC), so the errors stored
    // above fall on UTC's today or yesterday there, and on either side of a midnight the run
    // may cross: asking for both days finds them.
    const day = (offsetDays: number) =>
      new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/vitrine/telemetry/errors?from=${day(-1)}&to=${day(0)}`,
      headers: ownerHeaders,
    });
    expect(response.statusCode).toBe(200);
    const [first] = response.json().groups;
    expect(first).toMatchObject({
      message: 'x is undefined',
      topFrame: 'at render (https://example.com/app.js:10:5)',
      count: 3,
      total: 3,
    });
    const none = await harness.app.inject({
      method: 'GET',
      url: '/api/vitrine/telemetry/errors?from=2020-01-01&to=2020-01-02',
      headers: ownerHeaders,
    });
    expect(none.json().groups).toEqual([]);
    const anonymous = await harness.app.inject({
      method: 'GET',
      url: `/api/vitrine/telemetry/errors?from=${day(-1)}&to=${day(0)}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
