import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { ownerVisitor } from '../../../../test/helpers/owners.ts';
import { insertOwner } from '../../../../test/helpers/site-users.ts';
import { WEBSITE_ROLES } from '../../../shared/roles.ts';
import { schema } from '../../db/index.ts';
import { isSessionless } from '../../http/session.ts';
import { OWNER_DASHBOARD_PATH } from './dashboard-routes.ts';

let harness: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  harness = await createTestApp();
  app = harness.app;
  await insertOwner(harness.database.db, 'admin@example.com', WEBSITE_ROLES.ADMIN);
  await insertOwner(harness.database.db, 'editor@example.com', WEBSITE_ROLES.EDITOR);
  await insertOwner(harness.database.db, 'reporting@example.com', WEBSITE_ROLES.REPORTING);
});
afterAll(() => harness.close());

describe('the /config shell', () => {
  it.each(['/config', '/config/', '/config/orders', '/config/products/linen-shirt'])(
    '%s answers the app shell, never cached, with no inline script or style',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.body).toContain('<div id="admin-root">');
      expect(response.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      expect(response.body).not.toMatch(/<style|\sstyle=/);
    },
  );

  it('issues the session and crumb cookies the login needs, and none for its bundles', async () => {
    const response = await app.inject({ url: '/config' });
    expect(response.cookies.map((cookie) => cookie.name).sort()).toEqual(
      expect.arrayContaining(['crumb']),
    );
    expect(isSessionless('/config/assets/admin-abc.js')).toBe(true);
    expect(isSessionless('/config')).toBe(false);
  });

  it('is not counted as a visit', async () => {
    await app.inject({ url: '/config' });
    expect(await harness.database.db.$count(schema.analyticsEvents)).toBe(0);
  });
});

describe('GET /api/vitrine/owner/dashboard', () => {
  it('needs a login', async () => {
    const response = await app.inject({ url: OWNER_DASHBOARD_PATH });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('OWNER_UNAUTHORIZED');
  });

  it('gives an ADMIN every section for the last 7 days by default, with the previous period', async () => {
    const { visitor } = await ownerVisitor(app, 'admin@example.com');
    const response = await visitor.inject({ url: OWNER_DASHBOARD_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const report = response.json();
    expect(report.period).toBe('7d');
    expect(report.days).toHaveLength(7);
    expect(report.days.at(-1).date).toBe(report.to);
    expect(report.metrics.visits).toEqual({ value: 0, previous: 0 });
    expect(report.metrics.orders).toEqual({ value: 0, previous: 0 });
    expect(report.metrics.conversionRate).toEqual({ value: 0, previous: 0 });
    expect(report.latestOrders).toEqual([]);
    expect(report.restockWaiting).toEqual([]);
    expect(report.failing).toEqual({ newErrorGroups: [], slowPageTypes: [] });
    const today = await visitor.inject({ url: `${OWNER_DASHBOARD_PATH}?period=today` });
    expect(today.json().days).toHaveLength(1);
    expect(today.json().from).toBe(today.json().to);
    const month = await visitor.inject({ url: `${OWNER_DASHBOARD_PATH}?period=30d` });
    expect(month.json().days).toHaveLength(30);
  });

  it('leaves out what the role may not read', async () => {
    const editor = await ownerVisitor(app, 'editor@example.com');
    const report = (await editor.visitor.inject({ url: OWNER_DASHBOARD_PATH })).json();
    expect(report.metrics).toEqual({
      visits: null,
      orders: null,
      revenue: null,
      conversionRate: null,
      averageOrderValue: null,
    });
    expect(report.latestOrders).toBeNull();
    expect(report.restockWaiting).toBeNull();
    expect(report.failing).toBeNull();
    const reporting = await ownerVisitor(app, 'reporting@example.com');
    const traffic = (await reporting.visitor.inject({ url: OWNER_DASHBOARD_PATH })).json();
    expect(traffic.metrics.visits).toEqual({ value: 0, previous: 0 });
    expect(traffic.metrics.orders).toBeNull();
    expect(traffic.days[0]).toEqual({ date: traffic.from, visits: 0, orders: null });
  });

  it('refuses an unknown period with 400 VALIDATION_FAILED', async () => {
    const { visitor } = await ownerVisitor(app, 'admin@example.com');
    const response = await visitor.inject({ url: `${OWNER_DASHBOARD_PATH}?period=year` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });
});
