// @vitest-environment happy-dom
/**
 * The operations pages' states (loading, empty, error, forbidden) and what each sends: the
 * orders search, the order page's answers, timeline and actions, the products list, Forms,
 * Settings with the outbox's Retry, and the first owner's setup page.
 */
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_ACTIONS } from '../../shared/roles.ts';
import { AdminApp, createAdminQueryClient, createAdminRouter } from '../App.tsx';
import { ADMIN_SESSION, useOwnerApp } from './testing/owner-app.tsx';

const adminSession = ADMIN_SESSION;
const editorSession = {
  ...adminSession,
  owner: { ...adminSession.owner, role: 4, roleName: 'EDITOR', actions: ROLE_ACTIONS.EDITOR },
};
const FORBIDDEN = {
  status: 403,
  body: {
    error: { code: 'OWNER_FORBIDDEN', message: 'Your website role does not allow this action.' },
  },
};
const BROKEN = {
  status: 500,
  body: { error: { code: 'INTERNAL', message: 'The database is down.' } },
};

configure({ asyncUtilTimeout: 10_000 });

const { answers, sent, open } = useOwnerApp();

const never = () => new Promise<never>(() => undefined);
const ORDER_SUMMARY = {
  id: 'o1',
  number: 1042,
  email: 'ann@example.com',
  paymentStatus: 'paid',
  fulfillmentStatus: 'unfulfilled',
  grandTotalCents: 4200,
  currency: 'USD',
  created: Date.UTC(2026, 10, 27, 9),
};

describe('Orders', () => {
  it('shows loading, then an empty store, and an error with a retry', async () => {
    answers.set('GET /api/vitrine/owner/orders', never());
    open('/config/orders');
    await screen.findByText('Loading orders…');
    cleanup();
    answers.set('GET /api/vitrine/owner/orders', {
      status: 200,
      body: { orders: [], hasNextPage: false, nextPageCursor: null },
    });
    open('/config/orders');
    await screen.findByText('No orders yet. Orders placed in the store appear here.');
    cleanup();
    answers.set('GET /api/vitrine/owner/orders', BROKEN);
    open('/config/orders');
    await screen.findByText('The database is down.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("says the editor may not see orders (the API's 403)", async () => {
    answers.set('GET /api/vitrine/owner/orders', FORBIDDEN);
    open('/config/orders', editorSession);
    await screen.findByRole('heading', { name: "You don't have permission to see orders" });
  });

  it('searches by number, state and dates, and names each order by its number', async () => {
    answers.set('GET /api/vitrine/owner/orders', {
      status: 200,
      body: { orders: [ORDER_SUMMARY], hasNextPage: false, nextPageCursor: null },
    });
    open('/config/orders');
    const link = await screen.findByRole('link', { name: '#1042' });
    expect(link.getAttribute('href')).toBe('/config/orders/o1');
    expect(within(screen.getByRole('table')).getByText('Unfulfilled')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Order number or email'), {
      target: { value: '#1042' },
    });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'paid' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() =>
      expect(sent.map((request) => request.url)).toContain(
        '/api/vitrine/owner/orders?limit=25&q=%231042&state=paid&from=2026-11-01&to=2026-11-30',
      ),
    );
  });
});

const ORDER = {
  ...ORDER_SUMMARY,
  status: 'paid',
  cartId: 'c1',
  subtotalCents: 4000,
  discountCents: 0,
  shippingCostCents: 800,
  taxCents: 200,
  giftCardCents: 800,
  amountPaidCents: 4200,
  refundedCents: 0,
  refundableCents: 4200,
  paymentUrl: null,
  entries: [
    {
      id: 'l1',
      title: 'Field Notebook',
      sku: 'FN',
      attributes: {},
      quantity: 2,
      unitPriceCents: 2000,
      additionalFields: { 'field-engraving': 'A.B.' },
      answers: [{ title: 'Engraving', value: 'A.B.' }],
    },
  ],
  issuedGiftCards: [],
  shippingAddress: {
    name: 'Ann',
    line1: '1 Main St',
    city: 'Albany',
    postalCode: '12207',
    country: 'US',
  },
  shippingOption: { name: 'Standard' },
  taxLines: [],
  paymentProvider: 'test',
  paymentReference: 'pay_1',
  fulfillment: null,
  events: [
    { type: 'created', data: {}, owner: null, created: Date.UTC(2026, 10, 27, 9) },
    { type: 'paid', data: {}, owner: null, created: Date.UTC(2026, 10, 27, 9, 1) },
    {
      type: 'refunded',
      data: { amountCents: 1000, reason: 'Scuffed' },
      owner: { id: 'owner-1', email: 'owner@example.com' },
      created: Date.UTC(2026, 10, 27, 10),
    },
  ],
};

describe('Order page', () => {
  it('shows the answers, totals, payment and timeline, and fulfils with an Idempotency-Key', async () => {
    answers.set('GET /api/vitrine/owner/orders/o1', { status: 200, body: { order: ORDER } });
    answers.set('POST /api/vitrine/owner/orders/o1/fulfillments', {
      status: 201,
      body: { order: ORDER },
    });
    open('/config/orders/o1');
    await screen.findByRole('heading', { name: 'Order #1042', level: 1 });
    expect(screen.getByText('Engraving').nextSibling?.textContent).toBe('A.B.');
    expect(screen.queryByText('field-engraving')).toBeNull();
    expect(screen.getByText('Gift card').nextSibling?.textContent).toBe('$8.00');
    expect(screen.getByText(/Paid via test \(reference pay_1\)/)).toBeTruthy();
    // The address reads as a label does, whatever order its stored fields are in.
    const lines = [...document.querySelectorAll('address .address-line')].map((l) => l.textContent);
    expect(lines).toEqual(['Ann', '1 Main St', 'Albany 12207', 'US']);
    expect(screen.getByRole('heading', { name: 'Timeline' })).toBeTruthy();
    expect(screen.getByText('Order placed')).toBeTruthy();
    expect(screen.getByText('Payment received')).toBeTruthy();
    const refund = [...document.querySelectorAll('.timeline li')].find((item) =>
      item.textContent?.includes('Refunded'),
    );
    expect(refund?.textContent).toMatch(
      /Refunded — \$10\.00 · “Scuffed” \(by owner@example\.com\)$/,
    );
    fireEvent.change(screen.getByLabelText('Carrier (optional)'), { target: { value: 'UPS' } });
    fireEvent.change(screen.getByLabelText('Tracking number (optional)'), {
      target: { value: '1Z9' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as fulfilled' }));
    await screen.findByText('Fulfilled; the customer was sent the shipping email.');
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ carrier: 'UPS', trackingNumber: '1Z9', notifyCustomer: true });
    expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.headers['x-csrf-token']).toBe('x'.repeat(43));
  });

  it('checks a refund amount beside the field before sending, then sends it in cents', async () => {
    answers.set('GET /api/vitrine/owner/orders/o1', { status: 200, body: { order: ORDER } });
    answers.set('POST /api/vitrine/owner/orders/o1/refunds', {
      status: 201,
      body: { order: ORDER },
    });
    open('/config/orders/o1');
    const amount = await screen.findByLabelText('Amount (USD)');
    expect((amount as HTMLInputElement).value).toBe('42');
    const refund = screen.getByRole('button', { name: 'Refund' });
    for (const [typed, problem] of [
      ['0', 'Enter an amount greater than 0.'],
      ['-3', 'Enter an amount greater than 0.'],
      ['ten', 'Enter an amount greater than 0.'],
      ['1.234', 'Use at most 2 decimal places.'],
      ['42.01', 'At most $42.00 is left to refund.'],
    ] as const) {
      fireEvent.change(amount, { target: { value: typed } });
      fireEvent.click(refund);
      expect(await screen.findByText(problem)).toBeTruthy();
      expect(amount.getAttribute('aria-invalid')).toBe('true');
    }
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
    fireEvent.change(amount, { target: { value: '10.5' } });
    fireEvent.click(refund);
    await screen.findByText('Refunded.');
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      amount: 1050,
      restock: false,
    });
    expect(amount.getAttribute('aria-invalid')).toBeNull();
  });

  it('asks before cancelling, and cancels only on the second answer', async () => {
    answers.set('GET /api/vitrine/owner/orders/o1', { status: 200, body: { order: ORDER } });
    answers.set('POST /api/vitrine/owner/orders/o1/cancel', {
      status: 200,
      body: { order: ORDER },
    });
    open('/config/orders/o1');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep the order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    await screen.findByText('Cancelled; the items are back in stock.');
    expect(sent.filter((request) => request.url.endsWith('/cancel'))).toHaveLength(1);
  });

  it('offers no fulfil or cancel on a cancelled order, and no actions to a role without them', async () => {
    answers.set('GET /api/vitrine/owner/orders/o1', {
      status: 200,
      body: { order: { ...ORDER, fulfillmentStatus: 'cancelled', refundableCents: 0 } },
    });
    open('/config/orders/o1');
    await screen.findByText('Nothing left to do on this order.');
    expect(screen.queryByRole('button', { name: 'Mark as fulfilled' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });
});

describe('Products', () => {
  it('lists each product with its image, price range, stock and status', async () => {
    answers.set('GET /api/vitrine/owner/products', {
      status: 200,
      body: {
        products: [
          {
            id: 'linen-shirt',
            title: 'Linen Shirt',
            fullUrl: '/shop/p/linen-shirt',
            status: 'published',
            variantCount: 6,
            soldOut: false,
            onSale: true,
            updated: 0,
            image: { src: '/images/v/linen.jpg?format=100w', alt: 'Linen shirt' },
            priceRange: { min: 5400, max: 7200 },
            stockTotal: 34,
          },
          {
            id: 'ebook',
            title: 'E-book',
            fullUrl: '/shop/p/ebook',
            status: 'draft',
            variantCount: 1,
            soldOut: false,
            onSale: false,
            updated: 0,
            image: null,
            priceRange: { min: 900, max: 900 },
            stockTotal: null,
          },
        ],
        hasNextPage: false,
        nextPageCursor: null,
      },
    });
    open('/config/products');
    const table = await screen.findByRole('table', { name: 'Products' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows[1]).toBe('Linen Shirt$54.00 – $72.0034 in stockPublished');
    expect(rows[2]).toBe('E-book$9.00UnlimitedDraft');
    expect(within(table).getByRole('img', { name: 'Linen shirt' }).getAttribute('src')).toBe(
      '/images/v/linen.jpg?format=100w',
    );
  });

  it('shows the empty and forbidden states', async () => {
    answers.set('GET /api/vitrine/owner/products', {
      status: 200,
      body: { products: [], hasNextPage: false, nextPageCursor: null },
    });
    open('/config/products');
    await screen.findByText('No products yet.');
    cleanup();
    answers.set('GET /api/vitrine/owner/products', FORBIDDEN);
    open('/config/products');
    await screen.findByRole('heading', { name: "You don't have permission to see products" });
  });
});

describe('Forms', () => {
  const FORMS = {
    forms: [
      {
        id: 'contact-form',
        name: 'Contact Us',
        submissionCount: 1,
        lastSubmittedAt: '2026-11-27T09:00:00.000Z',
      },
    ],
  };

  it("shows a form's submissions newest first, searches them and links the CSV", async () => {
    answers.set('GET /api/vitrine/owner/forms', { status: 200, body: FORMS });
    answers.set('GET /api/vitrine/owner/forms/contact-form/submissions', {
      status: 200,
      body: {
        submissions: [
          {
            id: 's1',
            createdAt: '2026-11-27T09:00:00.000Z',
            fields: [{ id: 'message', type: 'textarea', title: 'Message' }],
            answers: { message: 'Where is my parcel?' },
            pagePath: '/contact',
          },
        ],
        hasNextPage: false,
      },
    });
    open('/config/forms', editorSession);
    await screen.findByText('Where is my parcel?');
    expect(screen.getByText('Message')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/vitrine/owner/forms/contact-form/submissions.csv',
    );
    // The editor may not read customers: no subscriber list is asked for.
    expect(screen.queryByRole('heading', { name: 'Newsletter subscribers' })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the answers' }), {
      target: { value: 'parcel' },
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Search' })[0] as HTMLElement);
    await vi.waitFor(() =>
      expect(sent.map((request) => request.url)).toContain(
        '/api/vitrine/owner/forms/contact-form/submissions?limit=25&q=parcel',
      ),
    );
  });

  it('shows no forms, a forbidden role, and the subscribers to an ADMIN', async () => {
    answers.set('GET /api/vitrine/owner/forms', { status: 200, body: { forms: [] } });
    answers.set('GET /api/vitrine/owner/newsletter/subscribers', {
      status: 200,
      body: { subscribers: [], hasNextPage: false, nextPageCursor: null },
    });
    open('/config/forms');
    await screen.findByText('This site has no forms yet.');
    await screen.findByText('No subscribers yet.');
    cleanup();
    answers.set('GET /api/vitrine/owner/forms', FORBIDDEN);
    open('/config/forms');
    await screen.findByRole('heading', {
      name: "You don't have permission to read form submissions",
    });
  });
});

describe('Settings', () => {
  const SITE = {
    payLater: { stripeAccountCountry: 'US', minCents: 100, maxCents: 200000 },
    payLaterTeaser: false,
    captchaSettings: { provider: 'altcha' },
    cookieSettings: { isCookieBannerEnabled: false, isRestrictiveCookiePolicyEnabled: false },
  };

  it('shows the outbox without SMTP and retries a failed email', async () => {
    answers.set('GET /api/vitrine/owner/site-settings', { status: 200, body: SITE });
    answers.set('GET /api/vitrine/owner/store-settings', {
      status: 200,
      body: {
        coupons: [],
        shippingRates: [{ id: 'standard', name: 'Standard', amountCents: 800 }],
        taxRules: [],
      },
    });
    answers.set('GET /api/vitrine/telemetry/performance-settings', {
      status: 200,
      body: { flags: { rum: true } },
    });
    answers.set('GET /api/vitrine/owner/outbox', {
      status: 200,
      body: {
        smtpConfigured: false,
        counts: { queued: 0, sent: 0, failed: 1 },
        messages: [
          {
            id: '6f1c1c1e-0000-4000-8000-000000000001',
            kind: 'order-confirmation',
            to: 'ann@example.com',
            subject: 'Your order',
            status: 'failed',
            attempts: 1,
            lastError: 'connect ECONNREFUSED',
            created: 0,
            sent: null,
          },
        ],
        hasNextPage: false,
        nextPageCursor: null,
      },
    });
    answers.set('POST /api/vitrine/owner/outbox/6f1c1c1e-0000-4000-8000-000000000001/retry', {
      status: 200,
      body: {},
    });
    open('/config/settings');
    await screen.findByText('No SMTP server is set (SMTP_URL): emails wait here and are not sent.');
    expect(screen.getByText('0 waiting, 0 sent, 1 failed.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Price (USD)').value).toBe('8');
    fireEvent.click(screen.getByRole('button', { name: 'Retry the email to ann@example.com' }));
    await vi.waitFor(() =>
      expect(
        sent.some((request) => request.method === 'POST' && request.url.endsWith('/retry')),
      ).toBe(true),
    );
  });

  it("shows the server's field error beside the pay-later country", async () => {
    answers.set('GET /api/vitrine/owner/site-settings', { status: 200, body: SITE });
    answers.set('PUT /api/vitrine/owner/site-settings', {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'One or more fields is invalid, please check your entries.',
          fields: {
            'payLater.stripeAccountCountry': 'Must be a two-letter country code such as "US"',
          },
        },
      },
    });
    answers.set('GET /api/vitrine/owner/store-settings', FORBIDDEN);
    answers.set('GET /api/vitrine/telemetry/performance-settings', never());
    answers.set('GET /api/vitrine/owner/outbox', never());
    open('/config/settings');
    fireEvent.change(await screen.findByLabelText('Payment account country'), {
      target: { value: '1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const message = await screen.findByText('Must be a two-letter country code such as "US"');
    const country = screen.getByLabelText('Payment account country');
    expect(country.getAttribute('aria-invalid')).toBe('true');
    expect(country.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(country);
    expect(screen.getByLabelText('From price (USD)').getAttribute('aria-invalid')).toBeNull();
    expect(
      screen.getByRole('heading', { name: "You don't have permission to see store settings" }),
    ).toBeTruthy();
    expect(screen.getByText('Loading the outbox…')).toBeTruthy();
  });
});

describe('Settings: shipping options, tax rates and coupons', () => {
  const STORE = {
    shippingRates: [{ id: 'standard', name: 'Standard', amountCents: 800, countries: ['US'] }],
    taxRules: [
      {
        id: 'ny',
        name: 'NY',
        country: 'US',
        region: 'NY',
        rateBasisPoints: 875,
        appliesToShipping: false,
      },
    ],
    coupons: [
      { code: 'WELCOME10', type: 'PERCENTAGE', percent: 10 },
      { code: 'FIVE', type: 'FIXED', amountCents: 500 },
    ],
  };

  function openSettings(session: unknown = adminSession) {
    answers.set('GET /api/vitrine/owner/store-settings', { status: 200, body: STORE });
    answers.set('GET /api/vitrine/owner/site-settings', FORBIDDEN);
    answers.set('GET /api/vitrine/telemetry/performance-settings', FORBIDDEN);
    answers.set('GET /api/vitrine/owner/outbox', FORBIDDEN);
    open('/config/settings', session);
  }
  const puts = () => sent.filter((request) => request.method === 'PUT');
  const form = (name: string) => screen.getByRole('form', { name });

  it('edits a shipping option, adds a tax rate and removes a coupon, each list saved whole', async () => {
    openSettings();
    const shipping = within(await screen.findByRole('form', { name: 'Shipping options' }));
    fireEvent.change(shipping.getByLabelText('Price (USD)'), { target: { value: '6.50' } });
    fireEvent.change(shipping.getByLabelText(/^Countries/), { target: { value: 'us, ca' } });
    answers.set('PUT /api/vitrine/owner/store-settings', {
      status: 200,
      body: { ...STORE, shippingRates: [{ ...STORE.shippingRates[0], amountCents: 650 }] },
    });
    fireEvent.click(shipping.getByRole('button', { name: 'Save shipping options' }));
    await shipping.findByText('Saved.');
    expect(puts().at(-1)?.body).toEqual({
      shippingRates: [
        { id: 'standard', name: 'Standard', amountCents: 650, countries: ['US', 'CA'] },
      ],
    });
    expect(puts().at(-1)?.headers['x-csrf-token']).toBe(adminSession.xsrfToken);

    const tax = within(form('Tax rates'));
    fireEvent.click(tax.getByRole('button', { name: 'Add a tax rate' }));
    const added = within(tax.getByRole('group', { name: 'Tax rate 2' }));
    fireEvent.change(added.getByLabelText('Name'), { target: { value: 'Ontario HST' } });
    fireEvent.change(added.getByLabelText('Country (two-letter code)'), {
      target: { value: 'ca' },
    });
    fireEvent.change(added.getByLabelText('Rate (%)'), { target: { value: '13' } });
    fireEvent.click(added.getByLabelText('Tax shipping too'));
    fireEvent.click(tax.getByRole('button', { name: 'Save tax rates' }));
    await tax.findByText('Saved.');
    const taxRules = (puts().at(-1)?.body as { taxRules: Record<string, unknown>[] }).taxRules;
    expect(taxRules[0]).toEqual(STORE.taxRules[0]);
    expect(taxRules[1]).toEqual({
      id: expect.stringMatching(/^tax-ontario-hst-[a-z0-9]+$/),
      name: 'Ontario HST',
      country: 'CA',
      rateBasisPoints: 1300,
      appliesToShipping: true,
    });

    const coupons = within(form('Coupons'));
    fireEvent.click(coupons.getByRole('button', { name: 'Remove WELCOME10' }));
    expect(coupons.queryByRole('group', { name: 'WELCOME10' })).toBeNull();
    fireEvent.click(coupons.getByRole('button', { name: 'Save coupons' }));
    await coupons.findByText('Saved.');
    expect(puts().at(-1)?.body).toEqual({
      coupons: [{ code: 'FIVE', type: 'FIXED', amountCents: 500 }],
    });
  });

  it('shows what the browser and the server refuse beside the field, sending nothing wrong', async () => {
    openSettings();
    const shipping = within(await screen.findByRole('form', { name: 'Shipping options' }));
    fireEvent.change(shipping.getByLabelText('Price (USD)'), { target: { value: 'eight' } });
    fireEvent.click(shipping.getByRole('button', { name: 'Save shipping options' }));
    const local = await shipping.findByText('Enter an amount of 0 or more');
    expect(shipping.getByLabelText('Price (USD)').getAttribute('aria-describedby')).toBe(local.id);
    expect(document.activeElement).toBe(shipping.getByLabelText('Price (USD)'));
    expect(puts()).toEqual([]);

    answers.set('PUT /api/vitrine/owner/store-settings', {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'One or more fields is invalid, please check your entries.',
          fields: { 'coupons.1.code': 'Duplicate coupon code "FIVE"' },
        },
      },
    });
    const coupons = within(form('Coupons'));
    fireEvent.change(
      within(coupons.getByRole('group', { name: 'WELCOME10' })).getByLabelText('Code'),
      {
        target: { value: 'five' },
      },
    );
    fireEvent.click(coupons.getByRole('button', { name: 'Save coupons' }));
    await coupons.findByText('Duplicate coupon code "FIVE"');
    const second = within(coupons.getByRole('group', { name: 'FIVE' }));
    const code = second.getByLabelText('Code');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')).toBe(
      coupons.getByText('Duplicate coupon code "FIVE"').id,
    );
    expect(document.activeElement).toBe(code);
    const first = within(coupons.getByRole('group', { name: 'five' }));
    expect(first.getByLabelText('Code').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the lists read-only to a role that may read but not change the store', async () => {
    openSettings(editorSession);
    const shipping = within(await screen.findByRole('form', { name: 'Shipping options' }));
    expect(shipping.getByLabelText<HTMLInputElement>('Price (USD)').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /^Save / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Add a / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it('says so when there is nothing in a list yet', async () => {
    answers.set('GET /api/vitrine/owner/store-settings', {
      status: 200,
      body: { shippingRates: [], taxRules: [], coupons: [] },
    });
    answers.set('GET /api/vitrine/owner/site-settings', FORBIDDEN);
    answers.set('GET /api/vitrine/telemetry/performance-settings', FORBIDDEN);
    answers.set('GET /api/vitrine/owner/outbox', FORBIDDEN);
    open('/config/settings');
    await screen.findByText('No shipping options yet.');
    expect(screen.getByText('No tax rates yet.')).toBeTruthy();
    expect(screen.getByText('No coupons yet.')).toBeTruthy();
  });
});

describe('First owner setup', () => {
  it('creates the first admin from the link without a login, then offers the login', async () => {
    answers.set('GET /api/vitrine/owner/session', {
      status: 401,
      body: { error: { code: 'OWNER_UNAUTHORIZED', message: 'Owner authentication is required.' } },
    });
    answers.set('POST /api/vitrine/owner-setup', {
      status: 201,
      body: { owner: { id: 'n', email: 'me@example.com' } },
    });
    window.history.pushState({}, '', `/config/setup?token=${'t'.repeat(43)}`);
    const client = createAdminQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    render(<AdminApp client={client} router={createAdminRouter()} />);
    await screen.findByRole('heading', { name: 'Create the first admin' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'me@example.com' } });
    fireEvent.change(screen.getByLabelText('Password (at least 8 characters)'), {
      target: { value: 'a-long-password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create admin' }));
    await screen.findByText('The admin account is ready. Log in with it below.');
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      token: 't'.repeat(43),
      email: 'me@example.com',
      password: 'a-long-password',
    });
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });
});
