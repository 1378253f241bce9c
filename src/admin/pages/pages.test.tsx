// @vitest-environment happy-dom
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_ACTIONS } from '../../shared/roles.ts';
import { ADMIN_SESSION, useOwnerApp } from './testing/owner-app.tsx';

const adminSession = ADMIN_SESSION;
const reportingSession = {
  ...adminSession,
  owner: { ...adminSession.owner, role: 3, roleName: 'REPORTING', actions: ROLE_ACTIONS.REPORTING },
};

// Pages are chunks imported on first use: the first test of a page waits for the import.
configure({ asyncUtilTimeout: 10_000 });

const { answers, sent, open } = useOwnerApp();

const metric = (value: number, previous: number) => ({ value, previous });
const REPORT = {
  period: '7d',
  from: '2026-11-21',
  to: '2026-11-27',
  timeZone: 'UTC',
  currency: 'USD',
  metrics: {
    visits: metric(40, 20),
    orders: metric(2, 2),
    revenue: metric(5000, 0),
    conversionRate: metric(0.05, 0.1),
    averageOrderValue: metric(2500, 0),
  },
  days: Array.from({ length: 7 }, (_, index) => ({
    date: `2026-11-${21 + index}`,
    visits: index * 2,
    orders: index === 6 ? 2 : 0,
  })),
  latestOrders: [],
  restockWaiting: [],
  failing: { newErrorGroups: [], slowPageTypes: [{ pageType: '50', lcpMs: 3100 }] },
};

describe('Dashboard', () => {
  it("shows each number with the previous period's change, the chart's table and the panels", async () => {
    answers.set('GET /api/vitrine/owner/dashboard', { status: 200, body: REPORT });
    open('/config');
    const visits = (await screen.findByText('Visits', { selector: 'dt' })).parentElement;
    expect(visits?.textContent).toBe('Visits40up 100% on the previous period');
    expect(screen.getByText('Revenue', { selector: 'dt' }).parentElement?.textContent).toBe(
      'Revenue$50.00new this period',
    );
    expect(screen.getByText('Conversion rate', { selector: 'dt' }).parentElement?.textContent).toBe(
      'Conversion rate5%down 50% on the previous period',
    );
    const table = screen.getByRole('table', { name: 'Visits and orders by day' });
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(screen.getByText('No orders yet.')).toBeTruthy();
    expect(screen.getByText('Nobody is waiting for a restock.')).toBeTruthy();
    expect(screen.getByText(/LCP p75 3,100 ms/)).toBeTruthy();
    const day = screen.getAllByRole('img').at(-1);
    expect(day?.getAttribute('aria-label')).toBe('Nov 27: 12 visits, 2 orders');
    expect(day?.getAttribute('tabindex')).toBe('0');
  });

  it('asks for the chosen period', async () => {
    answers.set('GET /api/vitrine/owner/dashboard', { status: 200, body: REPORT });
    open('/config');
    fireEvent.click(await screen.findByLabelText('Last 30 days'));
    await vi.waitFor(() =>
      expect(sent.some((request) => request.path === '/api/vitrine/owner/dashboard')).toBe(true),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Last 30 days').checked).toBe(true);
  });

  it('leaves out the sections the role may not read', async () => {
    answers.set('GET /api/vitrine/owner/dashboard', {
      status: 200,
      body: {
        ...REPORT,
        metrics: {
          ...REPORT.metrics,
          orders: null,
          revenue: null,
          conversionRate: null,
          averageOrderValue: null,
        },
        latestOrders: null,
        restockWaiting: null,
      },
    });
    open('/config', reportingSession);
    await screen.findByText('Visits', { selector: 'dt' });
    expect(screen.queryByText('Revenue', { selector: 'dt' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Latest orders' })).toBeNull();
  });

  it('shows an error from the report', async () => {
    answers.set('GET /api/vitrine/owner/dashboard', {
      status: 503,
      body: {
        error: {
          code: 'DATABASE_UNAVAILABLE',
          message: 'The store is temporarily unavailable. Please try again in a moment.',
        },
      },
    });
    open('/config');
    expect((await screen.findByRole('alert')).textContent).toContain('temporarily unavailable');
  });
});

describe('Product page', () => {
  const PRODUCT = {
    id: 'field-notebook',
    title: 'Field Notebook',
    status: 'published',
    variants: [
      {
        id: 'field-notebook-default',
        sku: 'FN-1',
        attributes: {},
        price: 1200,
        salePrice: 0,
        onSale: false,
        unlimited: false,
        qtyInStock: 40,
      },
    ],
  };

  beforeEach(() => {
    answers.set('GET /api/vitrine/owner/dashboard', { status: 200, body: REPORT });
    answers.set('GET /api/vitrine/owner/products/field-notebook', {
      status: 200,
      body: { product: PRODUCT },
    });
    answers.set('GET /api/site-users/account/notifications/restock/groups', {
      status: 200,
      body: { signUpGroups: [], hasNextPage: false, nextPageCursor: null },
    });
  });

  it("keeps a variant's unsaved price in the tab for the page opened anew, until saved", async () => {
    const first = open('/config/products/field-notebook');
    fireEvent.change(await screen.findByLabelText('Price (USD)'), { target: { value: '14.5' } });
    first.unmount();

    open('/config/products/field-notebook');
    const price = await screen.findByLabelText<HTMLInputElement>('Price (USD)');
    expect(price.value).toBe('14.5');
    screen.getByText(/Your unsaved changes to FN-1 are back/);
    answers.set('PATCH /api/vitrine/owner/products/field-notebook', { status: 200, body: {} });
    answers.set(
      'PUT /api/vitrine/owner/products/field-notebook/variants/field-notebook-default/stock',
      {
        status: 200,
        body: {},
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save FN-1' }));
    await screen.findByText('Saved.');
    expect(Object.keys(window.sessionStorage).filter((key) => key.includes('variant:'))).toEqual(
      [],
    );
  });

  it('refuses a negative stock beside the field and sends nothing', async () => {
    open('/config/products/field-notebook');
    const stock = await screen.findByLabelText('Stock of FN-1');
    fireEvent.change(stock, { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save FN-1' }));
    expect((await screen.findByText('Enter a whole number of 0 or more')).id).toBe(
      stock.getAttribute('aria-describedby'),
    );
    expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('refuses a negative price beside the price field, focuses it and sends nothing', async () => {
    open('/config/products/field-notebook');
    const price = await screen.findByLabelText('Price (USD)');
    fireEvent.change(price, { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save FN-1' }));
    const message = await screen.findByText('Enter an amount of 0 or more');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(price.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(price);
    expect(screen.getByLabelText('Sale price (USD)').getAttribute('aria-invalid')).toBeNull();
    expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it("shows the server's refusal of the title beside the title and focuses it", async () => {
    answers.set('PATCH /api/vitrine/owner/products/field-notebook', {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'One or more fields is invalid, please check your entries.',
          fields: { title: 'Too small: expected string to have >=1 characters' },
        },
      },
    });
    open('/config/products/field-notebook');
    const title = await screen.findByLabelText('Title');
    fireEvent.change(title, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));
    const message = await screen.findByText('Too small: expected string to have >=1 characters');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(title);
    expect(screen.getByLabelText('Description').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a refusal naming no field of the form as a whole', async () => {
    answers.set('PATCH /api/vitrine/owner/products/field-notebook', {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'One or more fields is invalid, please check your entries.',
          fields: { 'variants.0.id': 'No variant "field-notebook-default" in this product' },
        },
      },
    });
    open('/config/products/field-notebook');
    fireEvent.click(await screen.findByRole('button', { name: 'Save FN-1' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'One or more fields is invalid, please check your entries.',
    );
  });

  it("shows the server's field error beside the sale price", async () => {
    answers.set('PATCH /api/vitrine/owner/products/field-notebook', {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'One or more fields is invalid, please check your entries.',
          fields: { 'variants.0.salePrice': 'Must be below the price' },
        },
      },
    });
    open('/config/products/field-notebook');
    fireEvent.change(await screen.findByLabelText('Sale price (USD)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save FN-1' }));
    const message = await screen.findByText('Must be below the price');
    expect(message.className).toBe('field-error');
    const salePrice = screen.getByLabelText('Sale price (USD)');
    expect(salePrice.getAttribute('aria-invalid')).toBe('true');
    expect(salePrice.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(salePrice);
    expect(screen.getByLabelText('Price (USD)').getAttribute('aria-invalid')).toBeNull();
    // The message beside the field says it all: no second, vaguer one below the form.
    expect(
      screen.queryByText('One or more fields is invalid, please check your entries.'),
    ).toBeNull();
    const patch = sent.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({
      variants: [{ id: 'field-notebook-default', price: 1200, salePrice: 2000, onSale: false }],
    });
    expect(patch?.headers['x-csrf-token']).toBe('x'.repeat(43));
  });

  it('schedules the product: the time it appears is asked for only when Scheduled is chosen', async () => {
    answers.set('PATCH /api/vitrine/owner/products/field-notebook', {
      status: 200,
      body: { product: PRODUCT },
    });
    open('/config/products/field-notebook');
    const status = await screen.findByLabelText<HTMLSelectElement>('Status');
    expect(screen.queryByLabelText('Publish on')).toBeNull();
    expect([...status.options].map((option) => option.textContent)).toEqual([
      'Published',
      'Scheduled',
      'Needs review',
      'Draft',
      'Private',
    ]);
    fireEvent.change(status, { target: { value: 'scheduled' } });
    fireEvent.change(screen.getByLabelText('Publish on'), {
      target: { value: '2099-01-01T09:30' },
    });
    fireEvent.change(screen.getByLabelText('Excerpt'), {
      target: { value: 'Dot grid, 48 pages.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));
    await screen.findByText('Saved.');
    expect(sent.find((request) => request.method === 'PATCH')?.body).toMatchObject({
      status: 'scheduled',
      excerpt: 'Dot grid, 48 pages.',
      publishOn: new Date('2099-01-01T09:30').toISOString(),
    });
  });

  it("asks for the time beside 'Publish on' when Scheduled has none, and sends nothing", async () => {
    open('/config/products/field-notebook');
    fireEvent.change(await screen.findByLabelText('Status'), { target: { value: 'scheduled' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));
    const message = await screen.findByText('Choose the date and time the product appears');
    expect(screen.getByLabelText('Publish on').getAttribute('aria-describedby')).toBe(message.id);
    expect(sent.some((request) => request.method === 'PATCH')).toBe(false);
    // Once a time is given the same save goes through with it.
    answers.set('PATCH /api/vitrine/owner/products/field-notebook', {
      status: 200,
      body: { product: PRODUCT },
    });
    fireEvent.change(screen.getByLabelText('Publish on'), {
      target: { value: '2099-03-04T08:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));
    await screen.findByText('Saved.');
    expect(sent.find((request) => request.method === 'PATCH')?.body).toMatchObject({
      status: 'scheduled',
      publishOn: new Date('2099-03-04T08:00').toISOString(),
    });
  });

  it('sets the stock to Unlimited', async () => {
    answers.set('PATCH /api/vitrine/owner/products/field-notebook', {
      status: 200,
      body: { product: PRODUCT },
    });
    answers.set(
      'PUT /api/vitrine/owner/products/field-notebook/variants/field-notebook-default/stock',
      {
        status: 200,
        body: {},
      },
    );
    open('/config/products/field-notebook');
    fireEvent.click(await screen.findByLabelText('Unlimited'));
    fireEvent.click(screen.getByRole('button', { name: 'Save FN-1' }));
    await screen.findByText('Saved.');
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ unlimited: true });
  });
});
