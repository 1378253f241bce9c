/**
 * Recognises "the database cannot be reached" among thrown errors, so a request fails fast with
 * 503 and a clear message instead of a generic 500 while the database is down or restarting.
 */

/** Socket-level failures from node-postgres. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
/**
 * PostgreSQL SQLSTATE classes 08 (connection exception) and 57P (operator intervention), and the
 * per-connection limits of DATABASE_LOCK_TIMEOUT_MS (55P03 lock_not_available) and
 * DATABASE_STATEMENT_TIMEOUT_MS (57014 query_canceled): the database is too busy to answer now.
 */
const SQLSTATE_UNAVAILABLE = /^(08|57P0[1-3]|55P03$|57014$)/;
const POOL_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end on the pool',
];

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  // Drizzle wraps driver errors; the driver's code sits on a cause a level or two down.
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth += 1) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((candidate) => {
    if (typeof candidate !== 'object' || candidate === null) return false;
    const { code, message } = candidate as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE_UNAVAILABLE.test(code))) {
      return true;
    }
    return typeof message === 'string' && POOL_MESSAGES.some((text) => message.includes(text));
  });
}
