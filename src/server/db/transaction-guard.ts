/**
 * Catches a query on the database handle made from inside withTransaction's callback (which
 * should use its `tx`). On PGlite, whose single connection the transaction holds, such a query
 * waits for the transaction to end, which waits for the query: the request hangs forever. On
 * PostgreSQL it silently runs on another connection, outside the transaction. Both drivers
 * throw instead, so the mistake shows up in the first PGlite test.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export class TransactionMisuseError extends Error {
  constructor() {
    super(
      "The database handle was used inside withTransaction: use the callback's `tx` for every " +
        'query (and do not open a second transaction) until the callback returns.',
    );
    this.name = 'TransactionMisuseError';
  }
}

export interface TransactionGuard {
  /** Runs the transaction callback, marking its async context as "inside a transaction". */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Wraps the driver client so the named methods throw when called inside a transaction. */
  wrap<C extends object>(client: C, methods: readonly string[]): C;
}

export function createTransactionGuard(): TransactionGuard {
  // A marker object rather than a boolean: work the callback started but did not await keeps
  // the context after the transaction ends, and must not be refused then.
  const storage = new AsyncLocalStorage<{ active: boolean }>();
  return {
    async run(fn) {
      const marker = { active: true };
      try {
        return await storage.run(marker, fn);
      } finally {
        marker.active = false;
      }
    },
    wrap(client, methods) {
      const bound = new Map<PropertyKey, unknown>();
      return new Proxy(client, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property, target);
          if (typeof value !== 'function') return value;
          let wrapped = bound.get(property);
          if (wrapped === undefined) {
            // Bind to the real client: PGlite's methods use private fields a Proxy lacks.
            const method = value as (...args: unknown[]) => unknown;
            wrapped =
              typeof property === 'string' && methods.includes(property)
                ? (...args: unknown[]) => {
                    if (storage.getStore()?.active) throw new TransactionMisuseError();
                    return method.apply(target, args);
                  }
                : method.bind(target);
            bound.set(property, wrapped);
          }
          return wrapped;
        },
      });
    },
  };
}
