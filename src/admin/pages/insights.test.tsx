// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_ACTIONS, type WebsiteRoleName } from '../../shared/roles.ts';
import { AdminApp, createAdminQueryClient, createAdminRouter } from '../App.tsx';
import { UNIQUE_VISITORS_HINT } from './AnalyticsPage.tsx';

function session(role: WebsiteRoleName) {
  return {
    xsrfToken: 'x'.repeat(43),
    owner: {
      id: 'o1',
      email: 'owner@example.com',
      role: 1,
      roleName: role,
      actions: ROLE_ACTIONS[role],
    },
  };
}

// Pages are chunks imported on first use: the first test of a page waits for the import.
configure({ asyncUtilTimeout: 10_000 });

type Answer = { status: number; body?: unknown } | 'never';
let answers: Map<string, Answer>;
let sent: { method: string; url: string; body: unknown; headers: Record<string, string> }[];

beforeEach(() => {
  answers = new Map();
  sent = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({
      method,
      url: input,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    const found = answers.get(`${method} ${input.split('?')[0] ?? input}`);
    if (found === 'never') return new Promise<Response>(() => undefined);
    if (!found) return new Response('{}', { status: 404 });
    return new Response(JSON.stringify(found.body ?? {}), { status: found.status });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(path: string, role: WebsiteRoleName = 'ADMIN') {
  answers.set('GET /api/vitrine/owner/session', { status: 200, body: session(role) });
  window.history.pushState({}, '', path);
  const client = createAdminQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(<AdminApp client={client} router={createAdminRouter()} />);
}

const FORBIDDEN = {
  status: 403,
  body: {
    error: { code: 'OWNER_FORBIDDEN', message: 'Your website role does not allow this action.' },
  },
};
const UNAVAILABLE = {
  status: 503,
  body: {
    error: {
      code: 'DATABASE_UNAVAILABLE',
      message: 'The store is temporarily unavailable. Please try again in a moment.',
    },
  },
};
const RANGE = { from: '2026-11-26', to: '2026-11-27', timeZone: 'UTC' };
const day = (date: string, values: Record<string, number>) => ({
  date,
  visits: 0,
  uniqueVisitors: 0,
  pageViews: 0,
  productViews: 0,
  addToCart: 0,
  purchases: 0,
  ...values,
});

const ANALYTICS: Record<string, unknown> = {
  summary: {
    ...RANGE,
    days: [
      day('2026-11-26', { visits: 10, uniqueVisitors: 8, pageViews: 30 }),
      day('2026-11-27', { visits: 30, uniqueVisitors: 20, pageViews: 70, purchases: 3 }),
    ],
  },
  funnel: {
    ...RANGE,
    days: [],
    steps: { visits: 40, productViewers: 20, addedToCart: 5, reachedCheckout: 4, purchases: 3 },
  },
  pages: { ...RANGE, pages: [{ path: '/shop', pageViews: 60, uniqueVisitors: 25 }] },
  referrers: { ...RANGE, referrers: [{ source: 'google.com', visits: 12 }] },
  devices: {
    ...RANGE,
    devices: [
      { device: 'Phone', visitors: 18, pageViews: 50 },
      { device: 'Desktop', visitors: 10, pageViews: 50 },
    ],
  },
  searches: { ...RANGE, keywords: [{ keyword: 'linen', searches: 4, visitors: 3 }] },
  forms: {
    ...RANGE,
    forms: [{ formId: 'f1', name: 'Contact', views: 8, submissions: 2, conversionRate: 0.25 }],
  },
  sales: {
    ...RANGE,
    currency: 'USD',
    days: [
      { date: '2026-11-26', orders: 0, revenue: 0 },
      { date: '2026-11-27', orders: 3, revenue: 15000 },
    ],
    topProducts: [
      { productId: 'linen-shirt', title: 'Linen Shirt', orders: 3, units: 4, revenue: 13600 },
    ],
  },
};
const EMPTY_ANALYTICS: Record<string, unknown> = {
  summary: { ...RANGE, days: [day('2026-11-26', {}), day('2026-11-27', {})] },
  funnel: {
    ...RANGE,
    days: [],
    steps: { visits: 0, productViewers: 0, addedToCart: 0, reachedCheckout: 0, purchases: 0 },
  },
  pages: { ...RANGE, pages: [] },
  referrers: { ...RANGE, referrers: [] },
  devices: { ...RANGE, devices: [] },
  searches: { ...RANGE, keywords: [] },
  forms: { ...RANGE, forms: [] },
  sales: { ...RANGE, currency: 'USD', days: [], topProducts: [] },
};

function answerAnalytics(reports: Record<string, unknown>) {
  for (const [name, body] of Object.entries(reports))
    answers.set(`GET /api/vitrine/analytics/${name}`, { status: 200, body });
}

const statValue = (name: string) =>
  screen.getAllByText(name, { selector: 'dt' })[0]?.parentElement?.querySelector('dd')?.textContent;

describe('Analytics', () => {
  it('shows every report of the last 30 days, the funnel with counts and rates', async () => {
    answerAnalytics(ANALYTICS);
    open('/config/analytics');
    await screen.findByRole('table', { name: 'Referrers' });
    expect(statValue('Visits')).toBe('40');
    expect(statValue('Page views')).toBe('100');
    const visitors = screen.getByText('Unique visitors (per day, summed)', { selector: 'dt' });
    const figure = visitors.parentElement?.querySelector('.stat-value');
    const hint = document.getElementById(figure?.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(UNIQUE_VISITORS_HINT);
    expect(hint?.textContent).toContain('searches included');
    expect(statValue('Revenue')).toBe('$150.00');
    expect(statValue('Average order value')).toBe('$50.00');
    const analyticsCalls = sent.filter((call) => call.url.startsWith('/api/vitrine/analytics/'));
    expect(analyticsCalls.map((call) => call.url.split('?')[1])).toEqual(
      Array(analyticsCalls.length).fill('days=30'),
    );
    expect(new Set(analyticsCalls.map((call) => call.url.split('?')[0])).size).toBe(8);

    const steps = within(screen.getByRole('group', { name: 'Visits to purchases' })).getAllByRole(
      'img',
    );
    expect(steps.map((step) => step.getAttribute('aria-label'))).toEqual([
      'Visits: 40',
      'Product views: 20, 50% of visits',
      'Add to cart: 5, 25% of product views, 12.5% of visits',
      'Checkout: 4, 80% of add to cart, 10% of visits',
      'Purchases: 3, 75% of checkout, 7.5% of visits',
    ]);
    expect(steps.every((step) => step.getAttribute('tabindex') === '0')).toBe(true);
    fireEvent.focus(steps[4] as Element);
    expect(
      screen.getByText('Purchases: 3, 75% of checkout, 7.5% of visits', { selector: 'p' }),
    ).toBeTruthy();
    const funnelTable = screen.getByRole('table', { name: 'Visits to purchases' });
    expect(within(funnelTable).getAllByRole('row').at(-1)?.textContent).toBe('Purchases375%7.5%');

    expect(
      within(screen.getByRole('table', { name: 'Top pages' })).getByText('/shop'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Search keywords, most searched first' })).getByText(
        'linen',
      ),
    ).toBeTruthy();
    const forms = screen.getByRole('table', { name: 'Forms: views and submissions' });
    expect(within(forms).getAllByRole('row')[1]?.textContent).toBe('Contact8225%');
    const products = screen.getByRole('table', { name: 'Top products by revenue' });
    expect(within(products).getAllByRole('row')[1]?.textContent).toBe('Linen Shirt34$136.00');
    const revenueDays = screen.getByRole('table', { name: 'Revenue by day' });
    expect(within(revenueDays).getAllByRole('row')[2]?.textContent).toBe('Nov 27$150.00');
  });

  it('asks again for the range picked: a preset, or two chosen days', async () => {
    answerAnalytics(ANALYTICS);
    open('/config/analytics');
    fireEvent.click(await screen.findByLabelText('Last 7 days'));
    await vi.waitFor(() =>
      expect(sent.some((call) => call.url === '/api/vitrine/analytics/summary?days=7')).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show these days' }));
    expect((await screen.findByText('Choose both days.')).getAttribute('role')).toBe('alert');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show these days' }));
    await vi.waitFor(() =>
      expect(
        sent.some(
          (call) => call.url === '/api/vitrine/analytics/funnel?from=2026-11-01&to=2026-11-15',
        ),
      ).toBe(true),
    );
  });

  it('says so when there is nothing to show yet', async () => {
    answerAnalytics(EMPTY_ANALYTICS);
    open('/config/analytics');
    expect(await screen.findByText('No page views in these days.')).toBeTruthy();
    expect(screen.getByText('No visits in these days.')).toBeTruthy();
    expect(screen.getByText('Nobody searched the site in these days.')).toBeTruthy();
    expect(screen.getByText('No form was shown or sent in these days.')).toBeTruthy();
    expect(screen.getByText('No orders in these days.')).toBeTruthy();
    const steps = within(screen.getByRole('group', { name: 'Visits to purchases' })).getAllByRole(
      'img',
    );
    expect(steps[1]?.getAttribute('aria-label')).toBe('Product views: 0');
  });

  it('shows each section loading until its report answers', async () => {
    for (const name of Object.keys(ANALYTICS))
      answers.set(`GET /api/vitrine/analytics/${name}`, 'never');
    open('/config/analytics');
    expect((await screen.findByText('Loading traffic…')).getAttribute('role')).toBe('status');
    expect(screen.getByText('Loading the purchase funnel…')).toBeTruthy();
    expect(screen.getByText('Loading sales…')).toBeTruthy();
  });

  it("shows a report's error with a retry, the other sections still there", async () => {
    answerAnalytics(ANALYTICS);
    answers.set('GET /api/vitrine/analytics/summary', UNAVAILABLE);
    open('/config/analytics');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('temporarily unavailable');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Referrers' })).toBeTruthy();
  });

  it("says 'You don't have permission' when the API refuses the role, and asks no sales without orders", async () => {
    for (const name of Object.keys(ANALYTICS))
      answers.set(`GET /api/vitrine/analytics/${name}`, FORBIDDEN);
    open('/config/analytics', 'EDITOR');
    expect(
      (
        await screen.findAllByRole('heading', {
          name: "You don't have permission to read analytics",
        })
      ).length,
    ).toBeGreaterThan(0);
    expect(sent.some((call) => call.url.startsWith('/api/vitrine/analytics/sales'))).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Sales' })).toBeNull();
  });
});

const SPEED = {
  ...RANGE,
  pageTypes: [
    { pageType: 50, records: 12, lcpMs: 3100, cls: 0.05, inpMs: 600, fcpMs: 1200, ttfbMs: null },
  ],
  days: [
    {
      date: '2026-11-26',
      records: 0,
      lcpMs: null,
      cls: null,
      inpMs: null,
      fcpMs: null,
      ttfbMs: null,
    },
    {
      date: '2026-11-27',
      records: 12,
      lcpMs: 3100,
      cls: 0.05,
      inpMs: 600,
      fcpMs: 1200,
      ttfbMs: null,
    },
  ],
};
const ERRORS = {
  ...RANGE,
  groups: [
    {
      id: 1,
      message: 'x is undefined',
      topFrame: 'at render (app.js:1:2)',
      count: 3,
      total: 9,
      firstSeenAt: '2026-11-20T10:00:00Z',
      lastSeenAt: '2026-11-27T10:00:00Z',
      sampleStack: 'TypeError: x is undefined\n    at render (app.js:1:2)',
      samplePage: '/shop',
    },
  ],
};
const FLAGS = { flags: { rum: true, 'track-page-speed': false, 'track-user-timing': true } };

function answerHealth() {
  answers.set('GET /api/vitrine/telemetry/page-speed', { status: 200, body: SPEED });
  answers.set('GET /api/vitrine/telemetry/errors', { status: 200, body: ERRORS });
  answers.set('GET /api/vitrine/telemetry/performance-settings', { status: 200, body: FLAGS });
}

describe('Site health', () => {
  it('judges each vital in words, charts them by day, and shows a sample stack', async () => {
    answerHealth();
    open('/config/site-health');
    const table = await screen.findByRole('table', { name: 'Core Web Vitals p75 per page type' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe(
      'Product or item (50)123,100 ms (needs improvement)600 ms (poor)0.05 (good)1,200 ms (good)—',
    );
    expect(within(table).getByText('600 ms (poor)').className).toBe('vital-poor');
    const trend = screen.getByRole('table', { name: 'Timings p75 by day (ms)' });
    expect(within(trend).getAllByRole('row')[2]?.textContent).toBe(
      'Nov 273,100 ms600 ms1,200 ms0 ms',
    );
    const days = within(screen.getByRole('group', { name: 'CLS p75 by day' })).getAllByRole('img');
    expect(days.at(-1)?.getAttribute('aria-label')).toBe('Nov 27: 0.05 cls');
    expect(sent.some((call) => call.url === '/api/vitrine/telemetry/page-speed?days=7')).toBe(true);
    expect(screen.getByRole('heading', { name: 'x is undefined' })).toBeTruthy();
    expect(screen.getByText('Sample stack (/shop)')).toBeTruthy();
    expect(screen.getByText(/TypeError: x is undefined/, { selector: 'pre' })).toBeTruthy();
  });

  it('saves the rollout flags with the CSRF token', async () => {
    answerHealth();
    answers.set('PUT /api/vitrine/telemetry/performance-settings', {
      status: 200,
      body: { flags: { ...FLAGS.flags, 'website-app': true, 'track-page-speed': true } },
    });
    open('/config/site-health');
    fireEvent.click(await screen.findByLabelText('Track page speed (track-page-speed)'));
    fireEvent.click(screen.getByLabelText('On the website (website-app)'));
    fireEvent.click(screen.getByRole('button', { name: 'Save rollout settings' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const put = sent.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      flags: {
        rum: true,
        'track-page-speed': true,
        'track-user-timing': true,
        'website-app': true,
      },
    });
    expect(put?.headers['x-csrf-token']).toBe('x'.repeat(43));
  });

  it('shows the flags read-only to a role that may not change settings', async () => {
    answerHealth();
    open('/config/site-health', 'REPORTING');
    const rum = await screen.findByLabelText<HTMLInputElement>('Real-user monitoring (rum)');
    expect(rum.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save rollout settings' })).toBeNull();
  });

  it('shows loading, then empty sections', async () => {
    answers.set('GET /api/vitrine/telemetry/page-speed', 'never');
    answers.set('GET /api/vitrine/telemetry/errors', {
      status: 200,
      body: { ...RANGE, groups: [] },
    });
    answers.set('GET /api/vitrine/telemetry/performance-settings', 'never');
    open('/config/site-health');
    expect(await screen.findByText('Loading page speed…')).toBeTruthy();
    expect(await screen.findByText('No script errors in these days.')).toBeTruthy();
    cleanup();
    answers.set('GET /api/vitrine/telemetry/page-speed', {
      status: 200,
      body: { ...RANGE, pageTypes: [], days: [] },
    });
    open('/config/site-health');
    expect(await screen.findByText('No page-speed records in these days.')).toBeTruthy();
  });

  it('shows an error and a refusal', async () => {
    answers.set('GET /api/vitrine/telemetry/page-speed', UNAVAILABLE);
    answers.set('GET /api/vitrine/telemetry/errors', FORBIDDEN);
    answers.set('GET /api/vitrine/telemetry/performance-settings', FORBIDDEN);
    open('/config/site-health', 'EDITOR');
    expect(
      await screen.findByRole('heading', {
        name: "You don't have permission to read script errors",
      }),
    ).toBeTruthy();
    expect(screen.getByText(/temporarily unavailable/)).toBeTruthy();
  });
});

describe('Dashboard states', () => {
  it('shows loading, then a refusal of the role', async () => {
    answers.set('GET /api/vitrine/owner/dashboard', 'never');
    open('/config');
    expect(await screen.findByText('Loading the dashboard…')).toBeTruthy();
    cleanup();
    answers.set('GET /api/vitrine/owner/dashboard', FORBIDDEN);
    open('/config');
    expect(
      await screen.findByRole('heading', {
        name: "You don't have permission to see the dashboard",
      }),
    ).toBeTruthy();
  });

  it('names the latest orders by number and links a slow page type to Site health', async () => {
    answers.set('GET /api/vitrine/owner/dashboard', {
      status: 200,
      body: {
        period: '7d',
        ...RANGE,
        currency: 'USD',
        metrics: {
          visits: { value: 1, previous: 0 },
          orders: { value: 1, previous: 0 },
          revenue: { value: 5000, previous: 0 },
          conversionRate: { value: 1, previous: 0 },
          averageOrderValue: { value: 5000, previous: 0 },
        },
        days: [],
        latestOrders: [
          {
            id: 'o-1',
            number: 1001,
            email: 'ada@example.com',
            paymentStatus: 'pending_payment',
            fulfillmentStatus: 'unfulfilled',
            grandTotalCents: 5000,
            currency: 'USD',
            created: Date.parse('2026-11-27T10:00:00Z'),
          },
        ],
        restockWaiting: [],
        failing: { newErrorGroups: [], slowPageTypes: [{ pageType: '201', lcpMs: 2600 }] },
      },
    });
    open('/config');
    const order = await screen.findByRole('link', { name: '#1001' });
    expect(order.getAttribute('href')).toBe('/config/orders/o-1');
    expect(order.parentElement?.textContent).toContain('pending payment, unfulfilled');
    expect(screen.getByText(/Slow Checkout \(201\) pages: LCP p75 2,600 ms/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See site health' }).getAttribute('href')).toBe(
      '/config/site-health',
    );
  });
});
