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
    return String((query as { text: unknown }).text);
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

/**
 * Runs `step` and returns what it sent to the database, in order (whitespace collapsed, lower
 * case). Nothing else may use the database meanwhile: every statement of the process counts.
 */
export async function logQueries(step: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const record = (query: unknown) => {
    statements.push(textOf(query).replace(/\s+/g, ' ').trim().toLowerCase());
  };
  const undo = [
    watch(pg.Client.prototype, 'query', record),
    watch(PGlite.prototype, 'query', record),
    watch(PGlite.prototype, 'transaction', () => record('begin')),
  ];
  try {
    await step();
  } finally {
    for (const restore of undo) restore();
  }
  return statements;
}
