/**
 * The logged-in owner, handed by the app (App.tsx) to the pages under it. A file of its own so
 * the pages, which the app's routes load, do not import the app back.
 */
import { createContext, useContext } from 'react';
import type { OwnerSession } from './api/types.ts';

export const SessionContext = createContext<OwnerSession | null>(null);

/** The logged-in owner of the page being shown. */
export function useOwner(): OwnerSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useOwner outside a logged-in page');
  return session;
}
