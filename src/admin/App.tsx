/**
 * The dashboard: the query cache, the login gate and the pages. An owner whose login ends while a
 * page is open (expiry, logout elsewhere, a changed role) gets the login form over the page, which
 * stays mounted underneath, so a half-filled form is still there after logging in again.
 */
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError, setUnauthorizedHandler } from './api/client.ts';
import { SESSION_KEY, useSession, type OwnerSession } from './api/session.ts';
import { ErrorState, Loading } from './components/PageState.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { OwnerLinkPage, ownerLinkOf } from './pages/OwnerLinkPage.tsx';
import { SessionContext, useOwner } from './owner-session.ts';
import { adminRoutes } from './routes.tsx';
import { Shell } from './Shell.tsx';

function ShellRoute() {
  return <Shell session={useOwner()} />;
}

export function createAdminRouter(basename = '/config') {
  return createBrowserRouter([{ path: '/', element: <ShellRoute />, children: adminRoutes }], {
    basename,
  });
}

export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refusal (401, 403, 404, 400) will not change by asking again.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

function SessionGate({ router }: { readonly router: ReturnType<typeof createAdminRouter> }) {
  const client = useQueryClient();
  const session = useSession();
  const [lastSession, setLastSession] = useState<OwnerSession | null>(null);
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    setUnauthorizedHandler(() => {
      // Only a login that existed can expire; the first session check's 401 is just "log in".
      if (client.getQueryData(SESSION_KEY)) setExpired(true);
      client.setQueryData(SESSION_KEY, null);
    });
    return () => setUnauthorizedHandler(undefined);
  }, [client]);
  useEffect(() => {
    if (session.data) {
      setLastSession(session.data);
      setExpired(false);
    }
  }, [session.data]);
  // Another owner logging in over an ended login sees nothing of the first one's: not the
  // reports the first one's role could read, and not the forms they had half filled.
  const ownerId = session.data?.owner.id;
  useEffect(() => {
    if (ownerId && lastSession && lastSession.owner.id !== ownerId)
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
  }, [client, ownerId, lastSession]);

  // Until the effect above has emptied the cache, the first owner's pages are not shown.
  const switchedOwner = ownerId !== undefined && lastSession && lastSession.owner.id !== ownerId;
  if (session.isPending || switchedOwner) return <Loading what="your login" />;
  if (session.error)
    return <ErrorState error={session.error} onRetry={() => void session.refetch()} />;
  const shown = session.data ?? (expired ? lastSession : null);
  const link = ownerLinkOf(window.location);
  if (!shown && link)
    return (
      <main className="login-main">
        <OwnerLinkPage
          kind={link}
          token={new URLSearchParams(window.location.search).get('token') ?? ''}
        />
      </main>
    );
  if (!shown)
    return (
      <main className="login-main">
        <LoginPage />
      </main>
    );
  // One tree whether or not the login expired, so the page underneath keeps its state.
  return (
    <>
      <div className="app-frame" inert={!session.data}>
        <SessionContext value={shown}>
          <RouterProvider router={router} />
        </SessionContext>
      </div>
      {session.data ? null : (
        <div className="login-overlay" role="dialog" aria-modal="true" aria-label="Log in again">
          <LoginPage expired />
        </div>
      )}
    </>
  );
}

export function AdminApp({
  client = createAdminQueryClient(),
  router = createAdminRouter(),
}: {
  readonly client?: QueryClient;
  readonly router?: ReturnType<typeof createAdminRouter>;
}) {
  return (
    <QueryClientProvider client={client}>
      <SessionGate router={router} />
    </QueryClientProvider>
  );
}
