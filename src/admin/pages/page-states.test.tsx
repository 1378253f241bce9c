// @vitest-environment happy-dom
/**
 * Every page's states over its main API, one table: loading while the answer is on its way, the
 * API's error with 'Try again' (which asks again), and "You don't have permission to …" on the
 * API's 403. The pages' content and empty states have their own tests (operations, insights,
 * pages).
 */
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_ACTIONS } from '../../shared/roles.ts';
import { AdminApp, createAdminQueryClient, createAdminRouter } from '../App.tsx';

const SESSION = {
  xsrfToken: 'x'.repeat(43),
  owner: {
    id: 'a1',
    email: 'owner@example.com',
    role: 1,
    roleName: 'ADMIN',
    actions: ROLE_ACTIONS.ADMIN,
  },
};

configure({ asyncUtilTimeout: 10_000 });

type Answer = 'pending' | 'broken' | 'forbidden';
let answer: Answer;
let asked: number;

/** The page under test, its main API, what its loading state names, and what it may not do. */
const PAGES = [
  ['Order', '/config/orders/o1', '/api/vitrine/owner/orders/o1', 'the order', 'see orders'],
  [
    'Product',
    '/config/products/p1',
    '/api/vitrine/owner/products/p1',
    'the product',
    'see products',
  ],
  ['Products', '/config/products', '/api/vitrine/owner/products', 'products', 'see products'],
  ['Orders', '/config/orders', '/api/vitrine/owner/orders', 'orders', 'see orders'],
  ['Team', '/config/team', '/api/vitrine/owner/team', 'the team', 'manage the team'],
  ['Forms', '/config/forms', '/api/vitrine/owner/forms', 'the forms', 'read form submissions'],
  [
    'Settings (checkout lists)',
    '/config/settings',
    '/api/vitrine/owner/store-settings',
    'the checkout settings',
    'see store settings',
  ],
] as const;

function stubApi(apiPath: string) {
  vi.stubGlobal('fetch', async (input: string) => {
    const path = input.split('?')[0] ?? input;
    if (path === '/api/vitrine/owner/session')
      return new Response(JSON.stringify(SESSION), { status: 200 });
    if (path !== apiPath) return new Promise<never>(() => undefined);
    asked += 1;
    if (answer === 'pending') return new Promise<never>(() => undefined);
    if (answer === 'forbidden')
      return new Response(
        JSON.stringify({
          error: {
            code: 'OWNER_FORBIDDEN',
            message: 'Your website role does not allow this action.',
          },
        }),
        { status: 403 },
      );
    return new Response(
      JSON.stringify({ error: { code: 'INTERNAL', message: 'The database is down.' } }),
      { status: 500 },
    );
  });
}

function open(path: string) {
  window.history.pushState({}, '', path);
  const client = createAdminQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  render(<AdminApp client={client} router={createAdminRouter()} />);
}

beforeEach(() => {
  // Form drafts live in the tab: each test starts with none.
  window.sessionStorage.clear();
  asked = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe.each(PAGES)('%s page', (_name, path, apiPath, what, forbiddenTo) => {
  it('says it is loading while the answer is on its way', async () => {
    answer = 'pending';
    stubApi(apiPath);
    open(path);
    await screen.findByText(`Loading ${what}…`);
  });

  it("shows the API's error, and 'Try again' asks again", async () => {
    answer = 'broken';
    stubApi(apiPath);
    open(path);
    await screen.findByText('The database is down.');
    const before = asked;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(asked).toBeGreaterThan(before));
  });

  it("says 'You don't have permission' on the API's 403", async () => {
    answer = 'forbidden';
    stubApi(apiPath);
    open(path);
    await screen.findByRole('heading', { name: `You don't have permission to ${forbiddenTo}` });
  });
});
