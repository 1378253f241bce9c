// @vitest-environment happy-dom
import { act, cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_ACTIONS } from '../shared/roles.ts';
import { AdminApp, createAdminQueryClient, createAdminRouter } from './App.tsx';

type Answer = { status: number; body?: unknown } | Promise<never>;

const editorSession = {
  xsrfToken: 'x'.repeat(43),
  owner: {
    id: 'e1',
    email: 'editor@example.com',
    role: 4,
    roleName: 'EDITOR',
    actions: ROLE_ACTIONS.EDITOR,
  },
};
const adminSession = {
  ...editorSession,
  owner: {
    ...editorSession.owner,
    email: 'owner@example.com',
    role: 1,
    roleName: 'ADMIN',
    actions: ROLE_ACTIONS.ADMIN,
  },
};
const FORBIDDEN = {
  status: 403,
  body: {
    error: { code: 'OWNER_FORBIDDEN', message: 'Your website role does not allow this action.' },
  },
};
const UNAUTHORIZED = {
  status: 401,
  body: { error: { code: 'OWNER_UNAUTHORIZED', message: 'Owner authentication is required.' } },
};

// Pages are chunks imported on first use: the first test of a page waits for the import.
configure({ asyncUtilTimeout: 10_000 });

let answers: Map<string, Answer>;
let requests: { method: string; path: string; headers: Record<string, string> }[];

function answer(method: string, path: string, value: Answer) {
  answers.set(`${method} ${path}`, value);
}

beforeEach(() => {
  // Form drafts live in the tab: each test starts with none.
  window.sessionStorage.clear();
  answers = new Map();
  requests = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = input.split('?')[0] ?? input;
    requests.push({ method, path, headers: (init.headers ?? {}) as Record<string, string> });
    const found = answers.get(`${method} ${path}`);
    if (found === undefined) return new Response('{}', { status: 404 });
    const { status, body } = await found;
    return new Response(body === undefined ? '' : JSON.stringify(body), { status });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(path: string) {
  window.history.pushState({}, '', path);
  const client = createAdminQueryClient();
  // Retries wait seconds between attempts; a test answers once.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(<AdminApp client={client} router={createAdminRouter()} />);
}

describe('login', () => {
  it('shows the login form without a login, and the login API message on failure', async () => {
    answer('GET', '/api/vitrine/owner/session', UNAUTHORIZED);
    answer('POST', '/api/vitrine/owner/session', {
      status: 429,
      body: { error: { code: 'RATE_LIMITED', message: 'Please try again in a few seconds.' } },
    });
    document.cookie = 'crumb=crumb-value';
    open('/config');
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'owner@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please try again in a few seconds.',
    );
    const login = requests.find((request) => request.method === 'POST');
    expect(login?.headers['x-csrf-token']).toBe('crumb-value');
  });
});

describe('navigation and permissions', () => {
  it("shows the editor no Orders link, and the permission state on the API's 403", async () => {
    answer('GET', '/api/vitrine/owner/session', { status: 200, body: editorSession });
    answer('GET', '/api/vitrine/owner/orders', FORBIDDEN);
    open('/config/orders');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Products', 'Forms']);
    expect(
      (await screen.findByRole('heading', { name: "You don't have permission to see orders" }))
        .tagName,
    ).toBe('H2');
  });

  it('shows an ADMIN every link, in order', async () => {
    answer('GET', '/api/vitrine/owner/session', { status: 200, body: adminSession });
    answer('GET', '/api/vitrine/owner/orders', {
      status: 200,
      body: { orders: [], hasNextPage: false, nextPageCursor: null },
    });
    open('/config/orders');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Orders',
      'Products',
      'Analytics',
      'Site health',
      'Forms',
      'Team',
      'Settings',
    ]);
  });
});

describe('page states (Orders)', () => {
  beforeEach(() =>
    answer('GET', '/api/vitrine/owner/session', { status: 200, body: adminSession }),
  );

  it('says it is loading while the list is on its way', async () => {
    answer('GET', '/api/vitrine/owner/orders', new Promise<never>(() => undefined));
    open('/config/orders');
    expect((await screen.findByText('Loading orders…')).getAttribute('role')).toBe('status');
  });

  it('says there are no orders yet', async () => {
    answer('GET', '/api/vitrine/owner/orders', {
      status: 200,
      body: { orders: [], hasNextPage: false, nextPageCursor: null },
    });
    open('/config/orders');
    expect((await screen.findByText(/No orders yet/)).textContent).toBe(
      'No orders yet. Orders placed in the store appear here.',
    );
  });

  it('shows a server error with a retry', async () => {
    answer('GET', '/api/vitrine/owner/orders', {
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'Something went wrong' } },
    });
    open('/config/orders');
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
    answer('GET', '/api/vitrine/owner/orders', {
      status: 200,
      body: { orders: [], hasNextPage: false, nextPageCursor: null },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText(/No orders yet/);
  });

  it('lists orders by number with the customer, the total, both states and a link to the order', async () => {
    answer('GET', '/api/vitrine/owner/orders', {
      status: 200,
      body: {
        orders: [
          {
            id: '0a1b2c3d-0000-4000-8000-000000000001',
            number: 1001,
            email: 'ann@example.com',
            grandTotalCents: 12345,
            currency: 'USD',
            created: Date.UTC(2026, 10, 1),
            paymentStatus: 'paid',
            fulfillmentStatus: 'unfulfilled',
          },
        ],
        hasNextPage: false,
        nextPageCursor: null,
      },
    });
    open('/config/orders');
    const table = await screen.findByRole('table', { name: 'Orders, newest first' });
    expect(within(table).getByText('ann@example.com')).toBeTruthy();
    expect(within(table).getByText('$123.45')).toBeTruthy();
    // The order by its number, as the shopper's confirmation and emails name it.
    expect(within(table).getByRole('link', { name: '#1001' }).getAttribute('href')).toBe(
      '/config/orders/0a1b2c3d-0000-4000-8000-000000000001',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Order', 'Date', 'Customer', 'Total', 'Payment', 'Fulfilment']);
    // States in words, not the API's codes.
    expect(within(table).getByText('Unfulfilled')).toBeTruthy();
  });
});

describe('an expired login', () => {
  it('puts the login form over the page, which stays underneath', async () => {
    answer('GET', '/api/vitrine/owner/session', { status: 200, body: adminSession });
    answer('GET', '/api/vitrine/owner/team', { status: 200, body: { owners: [] } });
    open('/config/team');
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'half-typed@example.com' } });
    answer('POST', '/api/vitrine/owner/team', UNAUTHORIZED);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add owner' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log in again' });
    expect(within(dialog).getByRole('heading').textContent).toBe('Your login has ended');
    expect(
      (document.querySelector('input[type="email"][value="half-typed@example.com"]') ?? email)
        .isConnected,
    ).toBe(true);
    expect((email as HTMLInputElement).value).toBe('half-typed@example.com');
  });

  it("takes a write refused for the login's ended CSRF token (403 SESSION_EXPIRED) as the login ending", async () => {
    answer('GET', '/api/vitrine/owner/session', { status: 200, body: adminSession });
    answer('GET', '/api/vitrine/owner/team', { status: 200, body: { owners: [] } });
    open('/config/team');
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'kept@example.com' } });
    answer('POST', '/api/vitrine/owner/team', {
      status: 403,
      body: { error: { code: 'SESSION_EXPIRED', message: 'Your session has expired.' } },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add owner' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log in again' });
    expect((email as HTMLInputElement).value).toBe('kept@example.com');

    // Logging in again goes with the crumb: the ended login's token would be refused as well.
    document.cookie = 'crumb=crumb-after-expiry';
    answer('POST', '/api/vitrine/owner/session', { status: 200, body: adminSession });
    fireEvent.change(within(dialog).getByLabelText('Email'), {
      target: { value: 'owner@example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Password'), {
      target: { value: 'vitrine-demo' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Log in again' })).toBeNull(),
    );
    const login = requests.findLast(
      (request) => request.method === 'POST' && request.path === '/api/vitrine/owner/session',
    );
    expect(login?.headers['x-csrf-token']).toBe('crumb-after-expiry');
    expect((email as HTMLInputElement).value).toBe('kept@example.com');
  });

  it('shows another owner logging in over it nothing of the first: a new page, data read again', async () => {
    answer('GET', '/api/vitrine/owner/session', { status: 200, body: adminSession });
    answer('GET', '/api/vitrine/owner/team', { status: 200, body: { owners: [] } });
    open('/config/team');
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'first-owners-typing@example.com' } });
    answer('POST', '/api/vitrine/owner/team', UNAUTHORIZED);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add owner' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log in again' });
    const teamReads = () =>
      requests.filter((r) => r.method === 'GET' && r.path === '/api/vitrine/owner/team').length;
    const readsBefore = teamReads();

    const secondAdmin = {
      ...adminSession,
      owner: { ...adminSession.owner, id: 'a2', email: 'partner@example.com' },
    };
    answer('POST', '/api/vitrine/owner/session', { status: 200, body: secondAdmin });
    fireEvent.change(within(dialog).getByLabelText('Email'), {
      target: { value: 'partner@example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Password'), {
      target: { value: 'vitrine-demo' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Log in again' })).toBeNull(),
    );
    const fresh = await screen.findByLabelText<HTMLInputElement>('Email');
    expect(fresh.value).toBe('');
    expect(document.querySelector('input[value="first-owners-typing@example.com"]')).toBeNull();
    await vi.waitFor(() => expect(teamReads()).toBeGreaterThan(readsBefore));
  });

  it('keeps the page as it is on a refusal of the role (403 OWNER_FORBIDDEN)', async () => {
    answer('GET', '/api/vitrine/owner/session', { status: 200, body: adminSession });
    answer('GET', '/api/vitrine/owner/team', { status: 200, body: { owners: [] } });
    open('/config/team');
    await screen.findByLabelText('Email');
    answer('POST', '/api/vitrine/owner/team', {
      status: 403,
      body: {
        error: {
          code: 'OWNER_FORBIDDEN',
          message: 'Your website role does not allow this action.',
        },
      },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add owner' }));
    });
    await screen.findByText('Your website role does not allow this action.');
    expect(screen.queryByRole('dialog', { name: 'Log in again' })).toBeNull();
  });
});
