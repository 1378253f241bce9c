/**
 * The `--workers` option of `vitrine serve` and `vitrine start`, apart from workers.ts so the
 * command line reads it without loading the database driver (`--help` answers at once).
 */
import { availableParallelism } from 'node:os';

/** A `--workers` value that cannot be served; the message is the whole answer to the operator. */
export class WorkersRefusal extends Error {
  override name = 'WorkersRefusal';
}

/** `--workers` as typed: a whole number ≥ 1, or `auto` (this machine's cores). */
export function parseWorkerCount(value: string | undefined): number {
  if (value === 'auto') return availableParallelism();
  const count = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || count < 1)
    throw new WorkersRefusal(
      `--workers takes a whole number of processes (1 or more) or "auto", not "${value ?? ''}".`,
    );
  return count;
}
