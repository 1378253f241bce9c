// Formatter arguments of the i18n family: `key:value` options and bare words.

export interface ParsedArgs {
  /** `key:value` options, the last of each key. */
  options: Record<string, string>;
  words: string[];
  /** Every argument in order: `[key, value]`, or `[word]` for a bare word. */
  ordered: (readonly [string, string?])[];
}

const parsed = new WeakMap<readonly string[], ParsedArgs>();

/** Parsed once per call site: a tag's argument array lives as long as its compiled template. */
export function parseArgs(args: readonly string[]): ParsedArgs {
  let p = parsed.get(args);
  if (!p) parsed.set(args, (p = parseArgsUncached(args)));
  return p;
}

function parseArgsUncached(args: readonly string[]): ParsedArgs {
  const options: Record<string, string> = {};
  const words: string[] = [];
  const ordered: (readonly [string, string?])[] = [];
  for (const arg of args) {
    const colon = arg.indexOf(':');
    if (colon > 0) {
      const [key, value] = [arg.slice(0, colon), arg.slice(colon + 1)];
      options[key] = value;
      ordered.push([key, value]);
    } else if (arg !== '') {
      words.push(arg);
      ordered.push([arg]);
    }
  }
  return { options, words, ordered };
}

/**
 * The last value given for `key` among `allowed`, as the reference reads a choice: a value it
 * does not know leaves the one before (`style:percent style:x` is percent).
 */
export function choice(
  p: ParsedArgs,
  key: string,
  allowed: ReadonlySet<string>,
): string | undefined {
  for (let i = p.ordered.length - 1; i >= 0; i--) {
    const [k, v] = p.ordered[i] ?? [''];
    if (k === key && v !== undefined && allowed.has(v)) return v;
  }
  return undefined;
}

/** Digit options are clamped to 0–50 (docs/behaviour/templates.md#limits-and-errors). */
export function digits(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number.parseInt(v, 10);
  return Number.isNaN(n) ? undefined : Math.min(50, Math.max(0, n));
}

/**
 * A digit option of the number formatters as the reference reads it: a value that is no number
 * is 0 (`maxfrac:x` prints no fraction, `maxsig:x` prints 0), clamped as `digits` is.
 */
export function cldrDigits(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number.parseInt(v, 10);
  return Number.isNaN(n) ? 0 : Math.min(50, Math.max(0, n));
}

/** The last value given under either name of an option (`maxfrac:3 maximumFractionDigits:1` is 1). */
export function lastOf(p: ParsedArgs, name: string, alias: string): string | undefined {
  for (let i = p.ordered.length - 1; i >= 0; i--) {
    const [k, v] = p.ordered[i] ?? [''];
    if ((k === name || k === alias) && v !== undefined) return v;
  }
  return undefined;
}

/**
 * A yes/no option as the reference reads it: its last mention wins, and the bare word, an empty
 * value or `true` is yes, any other value no (`group:1` is no).
 */
export function flag(p: ParsedArgs, name: string): boolean | undefined {
  for (let i = p.ordered.length - 1; i >= 0; i--) {
    const [k, v] = p.ordered[i] ?? [''];
    if (k === name) return v === undefined || v === '' || v === 'true';
  }
  return undefined;
}
