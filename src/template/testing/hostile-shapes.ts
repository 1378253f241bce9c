/**
 * Templates written to exhaust a renderer: the budget tests (hostile.test.ts) and the blocking
 * benchmark (bench/hostile.ts) render the same shapes, each adding its own.
 */
export interface HostileShape {
  readonly template: string;
  readonly context: unknown;
  readonly partials?: Record<string, string>;
}

/** `a`: n rows, each with `b`: the same n numbers (n² cells from n + n values). */
export function grid(n: number): { a: { b: number[] }[] } {
  const b = Array.from({ length: n }, (_, i) => i);
  return { a: Array.from({ length: n }, () => ({ b })) };
}

/** Partials each applying the next twice: 2^depth renders of the last one. */
const exponential: Record<string, string> = Object.fromEntries(
  Array.from({ length: 16 }, (_, i) => [
    `p${i}`,
    i === 15 ? 'x'.repeat(64) : `{@|apply p${i + 1}}{@|apply p${i + 1}}`,
  ]),
);

export const HOSTILE_SHAPES: Readonly<Record<string, HostileShape>> = {
  'deep recursion': {
    template: '{@|apply self}',
    context: {},
    partials: { self: '{@|apply self}{@|apply self}' },
  },
  'exponential partials': { template: '{@|apply p0}', context: {}, partials: exponential },
  'huge repeats': {
    template:
      '{.repeated section a}{.repeated section b}{.repeated section b}{@}{.end}{.end}{.end}',
    context: grid(1000),
  },
  'giant strings': {
    template: `{.eval @s = "xxxxxxxxxxxxxxxx"}${'{.eval @s = @s + @s}'.repeat(40)}{.eval @s}`,
    context: {},
  },
};
