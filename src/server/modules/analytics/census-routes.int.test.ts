import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { analyticsEvents } from '../../db/schema-analytics.ts';
import { CENSUS_BODY_LIMIT_BYTES } from './census-routes.ts';
import {
  createTelemetryTestApp,
  form,
  FORM_TYPE,
  refusalChecker,
  rowCount,
  siteId,
  TEXT_TYPE,
  VISITOR,
} from './testing/telemetry-app.ts';

let harness: TestApp;
let site: string;
const hitData = {
  pagePath: '/shop/p/linen-shirt',
  pageTitle: 'Linen shirt',
  userAgent: 'test',
  viewportWidth: 1280,
};

beforeAll(async () => {
  harness = await createTelemetryTestApp();
  site = await siteId(harness);
});
afterAll(() => harness.close());

function recordHit(
  body: string,
  headers: Record<string, string> = {},
  cookies: Record<string, string> = { ss_cvr: VISITOR },
) {
  return harness.app.inject({
    method: 'POST',
    url: '/api/census/RecordHit',
    headers: { 'content-type': FORM_TYPE, ...headers },
    cookies,
    payload: body,
  });
}

/** Runs `act` and asserts it stored nothing and answered `status` with `code`. */
const expectRefused = refusalChecker(() => harness, analyticsEvents);

describe('POST /api/census/RecordHit', () => {
  it('accepts a form-encoded hit with the ss_cvr cookie, without a CSRF token, and stores it on flush', async () => {
    const before = await rowCount(harness, analyticsEvents);
    const response = await recordHit(
      form({ event: 'view', data: JSON.stringify({ ...hitData, websiteId: site }) }),
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 1 });
    // Batched: nothing is written until the buffer flushes.
    await harness.app.flushIngestion();
    const rows = await harness.database.db.select().from(analyticsEvents);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      siteId: site,
      source: 'census',
      kind: 'page_view',
      eventName: 'view',
      visitorId: VISITOR,
      pagePath: '/shop/p/linen-shirt',
      data: { pagePath: '/shop/p/linen-shirt', viewportWidth: 1280 },
    });
  });

  it('accepts the same fields sent as text/plain by navigator.sendBeacon', async () => {
    const response = await recordHit(form({ event: 'view', data: JSON.stringify(hitData) }), {
      'content-type': TEXT_TYPE,
    });
    expect(response.statusCode).toBe(202);
  });

  it('takes the visitor id from a visitorCookie field when the beacon carried no cookie', async () => {
    const response = await recordHit(
      form({ event: 'view', data: JSON.stringify(hitData), visitorCookie: 'from-field' }),
      {},
      {},
    );
    expect(response.statusCode).toBe(202);
    await harness.app.flushIngestion();
    const rows = await harness.database.db.select().from(analyticsEvents);
    expect(rows.at(-1)?.visitorId).toBe('from-field');
  });

  it('refuses a hit without the visitor cookie (400 VISITOR_COOKIE_MISSING), storing nothing', async () => {
    await expectRefused(
      () => recordHit(form({ event: 'view', data: JSON.stringify(hitData) }), {}, {}),
      400,
      'VISITOR_COOKIE_MISSING',
    );
    await expectRefused(
      () =>
        recordHit(
          form({ event: 'view', data: JSON.stringify(hitData) }),
          {},
          { ss_cvr: 'has spaces' },
        ),
      400,
      'VISITOR_COOKIE_MISSING',
    );
  });

  it('refuses malformed data JSON, a missing event and a missing page path', async () => {
    await expectRefused(
      () => recordHit(form({ event: 'view', data: '{not json' })),
      400,
      'VALIDATION_FAILED',
    );
    await expectRefused(
      () => recordHit(form({ data: JSON.stringify(hitData) })),
      400,
      'VALIDATION_FAILED',
    );
    await expectRefused(
      () => recordHit(form({ event: 'view', data: JSON.stringify({ pageTitle: 'x' }) })),
      400,
      'VALIDATION_FAILED',
    );
    const response = await recordHit(form({ event: 'view', data: '{not json' }));
    expect(response.json().error.fields).toEqual({ data: 'is not valid JSON' });
  });

  it('refuses a hit for another site', async () => {
    await expectRefused(
      () =>
        recordHit(
          form({ event: 'view', data: JSON.stringify({ ...hitData, websiteId: 'another-site' }) }),
        ),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('refuses wrong content types (415) and oversized bodies (413)', async () => {
    await expectRefused(
      () => recordHit('<hit/>', { 'content-type': 'application/xml' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const big = form({
      event: 'view',
      data: JSON.stringify({ ...hitData, pageTitle: 'x'.repeat(CENSUS_BODY_LIMIT_BYTES) }),
    });
    await expectRefused(() => recordHit(big), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses a malformed JSON body (400 INVALID_JSON)', async () => {
    await expectRefused(
      () => recordHit('{"event":', { 'content-type': 'application/json' }),
      400,
      'INVALID_JSON',
    );
  });

  it('counts refused hits by route and status', async () => {
    const before =
      harness.app.ingestStats.snapshot().rejected['/api/census/RecordHit']?.['415'] ?? 0;
    await recordHit('x', { 'content-type': 'application/xml' });
    expect(harness.app.ingestStats.snapshot().rejected['/api/census/RecordHit']?.['415']).toBe(
      before + 1,
    );
  });
});

describe('census side events', () => {
  const page = { pagePath: '/shop', pageId: 'page-1', visitorCookie: VISITOR };

  it.each([
    ['/api/census/button-click', 'button_click'],
    ['/api/census/button-render', 'button_render'],
    ['/api/census/overlay', 'overlay'],
  ])('%s stores a %s row from JSON or form bodies', async (url, kind) => {
    const json = await harness.app.inject({ method: 'POST', url, payload: page });
    expect(json.statusCode).toBe(202);
    const encoded = await harness.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': FORM_TYPE },
      payload: form(page),
    });
    expect(encoded.statusCode).toBe(202);
    await harness.app.flushIngestion();
    const rows = (await harness.database.db.select().from(analyticsEvents)).filter(
      (row) => row.kind === kind,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ visitorId: VISITOR, pagePath: '/shop' });
    // The visitor id is a column, not repeated in the payload.
    expect(rows[0]?.data).not.toHaveProperty('visitorCookie');
  });

  it('form-render needs a formId', async () => {
    const ok = await harness.app.inject({
      method: 'POST',
      url: '/api/census/form-render',
      payload: { ...page, formId: 'form-1' },
    });
    expect(ok.statusCode).toBe(202);
    await expectRefused(
      () => harness.app.inject({ method: 'POST', url: '/api/census/form-render', payload: page }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('side events without a visitor cookie or field are refused', async () => {
    await expectRefused(
      () =>
        harness.app.inject({
          method: 'POST',
          url: '/api/census/button-click',
          payload: { pagePath: '/shop' },
        }),
      400,
      'VISITOR_COOKIE_MISSING',
    );
  });

  it('RecordQuickView/{id} stores a quick view of that product, with or without a body', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/census/RecordQuickView/product-42',
      cookies: { ss_cvr: VISITOR },
    });
    expect(response.statusCode).toBe(202);
    await harness.app.flushIngestion();
    const rows = (await harness.database.db.select().from(analyticsEvents)).filter(
      (row) => row.kind === 'quick_view',
    );
    expect(rows.at(-1)).toMatchObject({
      productId: 'product-42',
      visitorId: VISITOR,
      eventName: 'quick-view',
    });
    await expectRefused(
      () =>
        harness.app.inject({
          method: 'POST',
          url: '/api/census/RecordQuickView/bad%20id',
          cookies: { ss_cvr: VISITOR },
        }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
