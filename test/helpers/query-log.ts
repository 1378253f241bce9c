/**
 * Records every statement the app sends to its database while a test step runs, for tests that
 * hold a hot path to its number of round trips. Both drivers are watched where every statement
 * passes: node-postgres' Client.query (the pool's queries and a transaction's BEGIN, statements
 * and COMMIT all go through it) and PGlite's query and transaction (a transaction is recorded
 * as 'begin': its statements then go through the transaction's own handle).
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  if (typeof query === 'object' && query !== null && 'text' in query)
    return String(query.text);
  return String(query);
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

/** Replaces `name` on `target` with a recorder of its first argument; returns the undo. */
function watch(target: object, name: string, record: (first: unknown) => void): () => void {
  const original = Reflect.get(target, name) as Method;
  Reflect.set(target, name, function (this: unknown, ...args: unknown[]) {
    record(args[0]);
    return original.apply(this, args);
  });
  return () => Reflect.set(target, name, original);
}

export interface QueryLog {
  /**
   * Runs `step` and returns what it sent to the database, in order (whitespace collapsed, lower
   * case). Nothing else may use the database meanwhile: every statement of the process counts.
   */
  during(step: () => Promise<unknown>): Promise<string[]>;
  /** Puts the drivers' methods back. */
  stop(): void;
}

/**
 * Starts watching the drivers. Call it before the database is opened: the database layer binds
 * the driver's methods once (db/transaction-guard.ts), so a later patch would not be seen.
 */
export function watchQueries(): QueryLog {
  let statements: string[] | undefined;
  const record = (query: unknown) => {
    statements?.push(textOf(query).replace(/\s+/g, ' ').trim().toLowerCase());
  };
  const undo = [
    watch(pg.Client.prototype, 'query', record),
    watch(PGlite.prototype, 'query', record),
    watch(PGlite.prototype, 'transaction', () => record('begin')),
  ];
  return {
    async during(step) {
      const seen: string[] = [];
      statements = seen;
      try {
        await step();
      } finally {
        statements = undefined;
      }
      return seen;
    },
    stop() {
      for (const restore of undo) restore();
    },
  };
}
