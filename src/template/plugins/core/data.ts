// Core formatters that read, reshape or count data: get, lookup, prop, key-by, format,
// count, cycle, iter, mod, round, output, apply, find-first/last.
import type { Formatter, FormatterTable } from '../types.ts';
import {
  isRecord,
  isTruthy,
  leadingNumberOrZero,
  member,
  toJsText,
  toOutput,
  toText,
  walk,
} from '../../values.ts';
import { intArg } from './args.ts';
import { fillPlaceholders } from './format.ts';

function keyOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** A key from an array of keys, as JavaScript's String() writes it: null as 'null', an array joined. */
function elementKey(v: unknown): string | undefined {
  if (v === null) return 'null';
  return Array.isArray(v) ? toOutput(v) : keyOf(v);
}

export interface ApplyArgs {
  name: string;
  isolated: boolean;
  params: Record<string, string> | null;
}

/** `apply NAME [private] [key=value…]`. */
export function parseApplyArgs(args: readonly string[]): ApplyArgs | null {
  const name = args[0];
  if (name === undefined) return null;
  let isolated = false;
  let params: Record<string, string> | null = null;
  for (const arg of args.slice(1)) {
    const eq = arg.indexOf('=');
    if (arg === 'private') isolated = true;
    else if (eq > 0)
      (params ??= Object.create(null) as Record<string, string>)[arg.slice(0, eq)] = arg.slice(
        eq + 1,
      );
  }
  return { name, isolated, params };
}

/** The `apply` formatter; the compiler renders a lone `|apply` straight into the output. */
export const applyFormatter: Formatter = (v, args, env) => {
  const a = parseApplyArgs(args);
  return a ? env.apply(a.name, v, a.isolated, a.params) : '';
};

export const dataFormatters: FormatterTable = {
  // Each argument is a path whose value is the next key into the input, or, as in the
  // reference, an array of the next keys (an empty one leaves the input as it is).
  get: (v, args, env) => {
    let out = v;
    for (const arg of args) {
      const found = env.resolve(arg);
      const keys = Array.isArray(found) ? found.map(elementKey) : [keyOf(found)];
      for (const key of keys) {
        if (key === undefined) return undefined;
        out = member(out, key);
        if (out === undefined) return undefined;
      }
    }
    return out;
  },
  // The argument is a path whose value is a dotted path into the input, else (as in the
  // reference) into the scope around it.
  lookup: (v, args, env) => {
    // Nothing found is no value at all (`json` prints nothing, `round` 0), as in the reference.
    const key = keyOf(env.resolve(args[0] ?? ''));
    if (key === undefined) return undefined;
    const path = key.split('.');
    // Resolved as a variable is: from the input when it holds the first name (a null member
    // included), else from the scope.
    if (member(v, path[0] ?? '') !== undefined) return walk(v, path);
    // An empty name names no variable (env.resolve would read it as the current node).
    return key === '' ? undefined : env.resolve(key);
  },
  // Arguments are literal dotted keys into the input.
  prop: (v, args) => {
    let out = v;
    for (const arg of args) {
      out = walk(out, arg.split('.'));
      if (out === undefined) return undefined;
    }
    return out;
  },
  'key-by': (v, args) => {
    const out = Object.create(null) as Record<string, unknown>; // keys come from data
    // As in the reference, anything but an array keys to an empty object.
    if (!Array.isArray(v)) return out;
    const path = (args[0] ?? '').split('.');
    for (const item of v) {
      const key = keyOf(walk(item, path));
      if (key !== undefined) out[key] = item;
    }
    return out;
  },
  format: (v, args, env) =>
    // Any value is formatted as its text, as in the reference: `{b|format|count}` counts "false".
    fillPlaceholders(toText(v), (index) => {
      const arg = args[index];
      // An argument's value is printed as JavaScript's String() writes it, as in the reference
      // (an object as "[object Object]"), null or missing as nothing. It is read in the scope
      // around the tag, as the reference reads it: `@` is the section's node, not the text
      // being formatted.
      return arg === undefined ? '' : toJsText(env.resolveOuter(arg));
    }),
  count: (v) => (Array.isArray(v) ? v.length : isRecord(v) ? Object.keys(v).length : 0),
  cycle: (v, args) => {
    // Text counts by its leading number ("10x20" is 10), as in the reference.
    const n = leadingNumberOrZero(v);
    // Without choices there is no value at all (not even empty text), as in the reference.
    if (args.length === 0) return undefined;
    // Nor for an index that is not a whole number ("" or "x"), counted from 1 as the reference
    // counts it: 1e-300 less one is -1, a whole number.
    const i = n - 1;
    if (!Number.isInteger(i)) return undefined;
    return args[((i % args.length) + args.length) % args.length] ?? '';
  },
  // The index as text, as the reference gives it (`json` prints "1").
  iter: (_v, _args, env) => toOutput(env.resolve('@index')),
  mod: (v, args) => {
    let m = intArg(args[0], 2);
    if (m === 0) m = 2;
    return leadingNumberOrZero(v) % m;
  },
  // Text counts by its leading number ("12x34" is 12), as in the reference.
  round: (v) => Math.round(leadingNumberOrZero(v)),
  output: (_v, args) => args.join(' '),
  apply: applyFormatter,
  'find-first': (v, args): unknown => findMatch(v, args, false),
  'find-last': (v, args): unknown => findMatch(v, args, true),
};

/**
 * The first (or last) element of an array; with a path argument, the first (or last) whose
 * member at that path is truthy, as in the reference (which finds nothing for other forms).
 */
function findMatch(v: unknown, args: readonly string[], last: boolean): unknown {
  if (!Array.isArray(v)) return undefined;
  if (args.length === 0) return (last ? v[v.length - 1] : v[0]) as unknown;
  const path = args[0] ?? '';
  if (args.length > 1 || path.startsWith('@')) return undefined;
  const segments = path.split('.');
  const matches = (el: unknown): boolean => isTruthy(walk(el, segments));
  return (last ? v.findLast(matches) : v.find(matches)) as unknown;
}
