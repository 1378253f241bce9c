/** The owner's login as the dashboard knows it: who, which role, what the role allows. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnerAction } from '../../shared/roles.ts';
import type { OwnerSession } from './types.ts';
import { clearFormDrafts } from '../form-draft.ts';
import { api, ApiError, setXsrfToken } from './client.ts';

export const SESSION_PATH = '/api/vitrine/owner/session';
export const SESSION_KEY = ['session'] as const;

export type { OwnerSession } from './types.ts';

/** The current login, or null when nobody is logged in. */
export async function fetchSession(): Promise<OwnerSession | null> {
  try {
    const session = await api<OwnerSession>(SESSION_PATH);
    setXsrfToken(session.xsrfToken);
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setXsrfToken(undefined);
      return null;
    }
    throw error;
  }
}

export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: Infinity });
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { email: string; password: string }) =>
      api<OwnerSession>(SESSION_PATH, { method: 'POST', body: credentials }),
    onSuccess: (session) => {
      setXsrfToken(session.xsrfToken);
      client.setQueryData(SESSION_KEY, session);
      // Pages refused while logged out ask again with the new login.
      void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    },
  });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<Record<string, never>>(SESSION_PATH, { method: 'DELETE' }),
    onSettled: () => {
      setXsrfToken(undefined);
      clearFormDrafts();
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
      client.setQueryData(SESSION_KEY, null);
    },
  });
}

export function allows(session: OwnerSession, action: OwnerAction): boolean {
  return session.owner.actions.includes(action);
}
