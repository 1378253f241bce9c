/**
 * What a page shows while its data is not there: loading, the API's refusal of the role
 * ('You don't have permission to …'), an error with a retry, or nothing to show yet.
 */
import type { ReactNode } from 'react';
import { isForbidden } from '../api/client.ts';

export function Loading({ what }: { readonly what: string }) {
  return (
    <p className="state" role="status">
      Loading {what}…
    </p>
  );
}

export function Forbidden({ to }: { readonly to: string }) {
  return (
    <div className="state state-forbidden" role="alert">
      <h2>You don&apos;t have permission to {to}</h2>
      <p>Ask an owner with the Admin role to give you access.</p>
    </div>
  );
}

export function Empty({ children }: { readonly children: ReactNode }) {
  return <p className="state state-empty">{children}</p>;
}

export function ErrorState({
  error,
  onRetry,
}: {
  readonly error: unknown;
  readonly onRetry?: () => void;
}) {
  return (
    <div className="state state-error" role="alert">
      <p>{error instanceof Error ? error.message : 'Something went wrong.'}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/**
 * The usual switch of a page over one query: loading, forbidden (403), error, or its content.
 */
export function QueryBoundary<T>({
  query,
  what,
  forbiddenTo,
  children,
}: {
  readonly query: {
    readonly isPending: boolean;
    readonly error: unknown;
    readonly data: T | undefined;
    readonly refetch: () => unknown;
  };
  readonly what: string;
  readonly forbiddenTo: string;
  readonly children: (data: T) => ReactNode;
}) {
  if (query.error) {
    if (isForbidden(query.error)) return <Forbidden to={forbiddenTo} />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending || query.data === undefined) return <Loading what={what} />;
  return <>{children(query.data)}</>;
}
