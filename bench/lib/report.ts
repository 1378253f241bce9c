/**
 * Presenting load results: rounding for tables, the row of one load run beside its reference,
 * and targets reported as met or not met (printed, never asserted: a benchmark is not a test).
 */
import type { LoadResult } from './load.ts';
import { printTable } from './measure.ts';

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** The columns every load row shows; `reference` adds the ratio to it. */
export function loadColumns(
  result: LoadResult,
  reference?: LoadResult,
): Record<string, string | number> {
  return {
    'requests/s': round(result.requestsPerSecond),
    '2xx/s': round(result.okPerSecond),
    'p50 ms': round(result.p50Ms, 1),
    'p99 ms': round(result.p99Ms, 1),
    ...(reference
      ? { 'vs reference': `${round(result.requestsPerSecond / reference.requestsPerSecond, 3)}x` }
      : {}),
    'non-2xx': result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** The figures of one run for the RESULT line. */
export function loadFigures(result: LoadResult): Record<string, number | Record<string, number>> {
  return {
    rps: round(result.requestsPerSecond),
    okPerSecond: round(result.okPerSecond),
    p50Ms: round(result.p50Ms, 1),
    p99Ms: round(result.p99Ms, 1),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses: { ...result.statuses },
  };
}

export interface Target {
  readonly target: string;
  readonly measured: string;
  readonly met: boolean;
}

export function printTargets(targets: readonly Target[]): void {
  printTable(
    targets.map(({ target, measured, met }) => ({
      target,
      measured,
      result: met ? 'met' : 'not met',
    })),
  );
}
