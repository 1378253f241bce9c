// Formatter arguments of the i18n family: `key:value` options and bare words.

export interface ParsedArgs {
  options: Record<string, string>;
  words: string[];
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
  for (const arg of args) {
    const colon = arg.indexOf(':');
    if (colon > 0) options[arg.slice(0, colon)] = arg.slice(colon + 1);
    else if (arg !== '') words.push(arg);
  }
  return { options, words };
}

/** Digit options are clamped to 0–50 (docs/behaviour/templates.md#limits-and-errors). */
export function digits(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number.parseInt(v, 10);
  return Number.isNaN(n) ? undefined : Math.min(50, Math.max(0, n));
}

export function flag(p: ParsedArgs, name: string): boolean | undefined {
  if (p.words.includes(name)) return true;
  const v = p.options[name];
  return v === undefined ? undefined : v !== 'false';
}
