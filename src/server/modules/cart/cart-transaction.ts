/**
 * The transaction every cart write runs in. Cart writes lock the cart row, then variant rows, the
 * order checkout's writeOrder uses too; should any future writer lock in the other order,
 * PostgreSQL aborts one side of the resulting deadlock (SQLSTATE 40P01; 40001 for a
 * serialization failure). Nothing of the aborted attempt was kept, so it is safe to run it
 * again: a few attempts turn that race into a short wait instead of a 500.
 */
import type { AppTx, Database } from '../../db/index.ts';

const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);
export const CART_TRANSACTION_ATTEMPTS = 3;

/** True when the error (or a cause Drizzle wrapped it in) is a deadlock or serialization failure. */
export function isRetryableConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && RETRYABLE_SQLSTATES.has(code)) return true;
    current = cause;
  }
  return false;
}

export async function inCartTransaction<T>(
  database: Database,
  fn: (tx: AppTx) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await database.withTransaction(fn);
    } catch (error) {
      if (attempt >= CART_TRANSACTION_ATTEMPTS || !isRetryableConflict(error)) throw error;
    }
  }
}
