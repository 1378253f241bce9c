import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { analyticsEvents } from '../../db/schema-analytics.ts';
import {
  createTelemetryTestApp,
  form,
  FORM_TYPE,
  refusalChecker,
  rowCount,
  siteId,
  TEXT_TYPE,
} from './testing/telemetry-app.ts';

let harness: TestApp;
let site: string;

beforeAll(async () => {
  harness = await createTelemetryTestApp();
  site = await siteId(harness);
});
afterAll(() => harness.close());

async function lastRow() {
  await harness.app.flushIngestion();
  return (await harness.database.db.select().from(analyticsEvents)).at(-1);
}

const expectRefused = refusalChecker(() => harness, analyticsEvents);

describe('POST /api/events/RecordEvent (v0)', () => {
  const data = {
    websiteId: site,
    templateId: 't1',
    pagePath: '/shop/p/linen-shirt',
    hash: '#top',
    websiteLocale: 'en-US',
  };
  const post = (
    payload: string,
    type = FORM_TYPE,
    cookies: Record<string, string> = { crumb: 'crumb-value' },
  ) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/events/RecordEvent',
      headers: { 'content-type': type },
      cookies,
      payload,
    });

  it('stores an add-to-cart event with the crumb cookie as visitor, no CSRF check', async () => {
    const response = await post(
      form({
        crumb: 'anything',
        event: 'Add To Cart',
        data: JSON.stringify({ ...data, websiteId: site, item_id: 'p1', item_quantity: 2 }),
      }),
    );
    expect(response.statusCode).toBe(202);
    expect(await lastRow()).toMatchObject({
      source: 'event-v0',
      kind: 'add_to_cart',
      eventName: 'Add To Cart',
      visitorId: 'crumb-value',
      productId: 'p1',
      pagePath: '/shop/p/linen-shirt',
    });
  });

  it('accepts a text/plain beacon body', async () => {
    const response = await post(
      form({ event: 'view product page', data: JSON.stringify({ pagePath: '/shop' }) }),
      TEXT_TYPE,
      {},
    );
    expect(response.statusCode).toBe(202);
    expect(await lastRow()).toMatchObject({ kind: 'product_view', visitorId: null });
  });

  it('refuses bad data, a missing event, another site and a wrong content type', async () => {
    await expectRefused(() => post(form({ event: 'x', data: '[' })), 400, 'VALIDATION_FAILED');
    await expectRefused(() => post(form({ data: '{}' })), 400, 'VALIDATION_FAILED');
    await expectRefused(
      () => post(form({ event: 'x', data: JSON.stringify({ websiteId: 'other' }) })),
      400,
      'VALIDATION_FAILED',
    );
    await expectRefused(
      () => post(form({ event: 'x', data: JSON.stringify({ item_price: -1 }) })),
      400,
      'VALIDATION_FAILED',
    );
    await expectRefused(() => post('x', 'application/octet-stream'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('POST /api/v1/clanker/events (v2)', () => {
  const performance = {
    action: 'load',
    actor: 'user',
    owner_team: 'web_performance',
    source: 'web',
    object_type: 'website',
    page_path: '/',
    largest_contentful_paint: 1200,
  };
  const post = (payload: unknown) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/clanker/events',
      payload: payload as object,
    });

  it('stores a Performance event whose fixed fields match', async () => {
    const response = await post({
      eventContent: JSON.stringify(performance),
      eventSchemaName: 'Performance',
    });
    expect(response.statusCode).toBe(202);
    expect(await lastRow()).toMatchObject({
      source: 'event-v2',
      kind: 'other',
      eventName: 'Performance',
      pagePath: '/',
    });
  });

  it('stores a storefront purchase event, also from a form-encoded or text/plain body', async () => {
    const content = JSON.stringify({
      event_name: 'purchase',
      item_id: 'p9',
      website_id: site,
      analytics_id: 'a-1',
    });
    const viaForm = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/clanker/events',
      headers: { 'content-type': FORM_TYPE },
      payload: form({ eventContent: content, eventSchemaName: 'StorefrontEvent' }),
    });
    expect(viaForm.statusCode).toBe(202);
    expect(await lastRow()).toMatchObject({ kind: 'purchase', productId: 'p9', visitorId: 'a-1' });
    const viaBeacon = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/clanker/events',
      headers: { 'content-type': TEXT_TYPE },
      payload: JSON.stringify({ eventContent: content, eventSchemaName: 'StorefrontEvent' }),
    });
    expect(viaBeacon.statusCode).toBe(202);
  });

  it('refuses a Performance event whose fixed fields differ', async () => {
    const response = await expectRefused(
      () =>
        post({
          eventContent: JSON.stringify({ ...performance, owner_team: 'growth' }),
          eventSchemaName: 'Performance',
        }),
      400,
      'VALIDATION_FAILED',
    );
    expect(response.json().error.fields).toHaveProperty('owner_team');
  });

  it("answers 'no payload' for empty content, 404 for an unknown schema, 400 for bad JSON and a mismatched schema_name", async () => {
    const empty = await expectRefused(
      () => post({ eventContent: '', eventSchemaName: 'PageView' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(empty.json().error.fields).toEqual({ eventContent: 'no payload' });
    await expectRefused(
      () => post({ eventContent: '{}', eventSchemaName: 'Nope' }),
      404,
      'UNKNOWN_EVENT_SCHEMA',
    );
    await expectRefused(
      () => post({ eventContent: '{', eventSchemaName: 'PageView' }),
      400,
      'VALIDATION_FAILED',
    );
    await expectRefused(
      () =>
        post({
          eventContent: JSON.stringify({ schema_name: 'Performance' }),
          eventSchemaName: 'PageView',
        }),
      400,
      'VALIDATION_FAILED',
    );
    await expectRefused(
      () => post({ eventContent: 'x'.repeat(20_000), eventSchemaName: 'PageView' }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('GET /api/v1/clanker/validate-event-content/{schemaName}', () => {
  const validate = (schema: string, content?: string) =>
    harness.app.inject({
      method: 'GET',
      url: `/api/v1/clanker/validate-event-content/${schema}`,
      query: content === undefined ? {} : { eventContent: content },
    });

  it('says whether a content passes the schema, storing nothing', async () => {
    const before = await rowCount(harness, analyticsEvents);
    const good = await validate(
      'Performance',
      JSON.stringify({
        action: 'load',
        actor: 'user',
        owner_team: 'web_performance',
        source: 'web',
        object_type: 'website',
      }),
    );
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ schemaName: 'Performance', valid: true });
    const bad = await validate('Performance', JSON.stringify({ action: 'click' }));
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({
      valid: false,
      errors: { action: expect.any(String), actor: expect.any(String) },
    });
    expect(await rowCount(harness, analyticsEvents)).toBe(before);
  });

  it('404 for an unknown schema, 400 without content', async () => {
    expect((await validate('Unknown', '{}')).json()).toMatchObject({
      error: { code: 'UNKNOWN_EVENT_SCHEMA' },
    });
    const missing = await validate('PageView');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ eventContent: 'no payload' });
  });
});
