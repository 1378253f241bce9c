/**
 * A page test's owner app: the dashboard rendered in happy-dom on a path, logged in with a
 * session, its owner API answered from a table the test fills (`answers`, keyed
 * `'GET /api/vitrine/owner/…'`, 404 otherwise) and every request it sent recorded (`sent`).
 * `useOwnerApp()` registers the file's beforeEach/afterEach: each test starts with no answers,
 * nothing sent and no form drafts in the tab.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { ROLE_ACTIONS } from '../../../shared/roles.ts';
import { AdminApp, createAdminQueryClient, createAdminRouter } from '../../App.tsx';

export const ADMIN_SESSION = {
  xsrfToken: 'x'.repeat(43),
  owner: {
    id: 'a1',
    email: 'owner@example.com',
    role: 1,
    roleName: 'ADMIN',
    actions: ROLE_ACTIONS.ADMIN,
  },
};

/** A status and body, or a promise that settles when the test says (never, for loading). */
export type Answer = { status: number; body?: unknown } | Promise<never>;

export interface SentRequest {
  readonly method: string;
  /** Without the query. */
  readonly path: string;
  /** With the query. */
  readonly url: string;
  readonly body: unknown;
  readonly headers: Record<string, string>;
}

export interface OwnerApp {
  readonly answers: Map<string, Answer>;
  readonly sent: SentRequest[];
  /** Renders the app at `path`, logged in with `session` (a property, so it can be destructured). */
  readonly open: (path: string, session?: unknown) => ReturnType<typeof render>;
}

export function useOwnerApp(): OwnerApp {
  const answers = new Map<string, Answer>();
  const sent: SentRequest[] = [];
  beforeEach(() => {
    // Form drafts live in the tab: each test starts with none.
    window.sessionStorage.clear();
    answers.clear();
    sent.length = 0;
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = input.split('?')[0] ?? input;
      sent.push({
        method,
        path,
        url: input,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      });
      const found = answers.get(`${method} ${path}`);
      if (found === undefined) return new Response('{}', { status: 404 });
      const { status, body } = await found;
      return new Response(JSON.stringify(body ?? {}), { status });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return {
    answers,
    sent,
    open: (path, session = ADMIN_SESSION) => {
      answers.set('GET /api/vitrine/owner/session', { status: 200, body: session });
      window.history.pushState({}, '', path);
      const client = createAdminQueryClient();
      client.setDefaultOptions({
        queries: { ...client.getDefaultOptions().queries, retry: false },
      });
      return render(<AdminApp client={client} router={createAdminRouter()} />);
    },
  };
}
