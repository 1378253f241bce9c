/**
 * Measurement helpers shared by benchmarks: operations per second over timed rounds (median of
 * rounds after a warm-up) and the table and RESULT line every benchmark prints.
 */

export interface Measurement {
  readonly name: string;
  readonly opsPerSecond: number;
}

export async function opsPerSecond(
  name: string,
  operation: () => unknown,
  { rounds = 5, roundMs = 1_000, warmupMs = 500 } = {},
): Promise<Measurement> {
  const runFor = async (ms: number) => {
    let count = 0;
    const start = performance.now();
    while (performance.now() - start < ms) {
      await operation();
      count += 1;
    }
    return (count * 1_000) / (performance.now() - start);
  };
  await runFor(warmupMs);
  const results: number[] = [];
  for (let i = 0; i < rounds; i += 1) results.push(await runFor(roundMs));
  results.sort((a, b) => a - b);
  return { name, opsPerSecond: results[Math.floor(results.length / 2)] ?? 0 };
}

export function printTable(rows: readonly Record<string, string | number>[]): void {
  console.table(rows);
}

export function printResult(result: Record<string, unknown>): void {
  console.log(`RESULT ${JSON.stringify(result)}`);
}
