// Core predicates: comparisons, parity, nth, plural/singular, debug.
import type { PluginEnv, PredicateTable } from '../types.ts';
import { isFlagSet, isTruthy, leadingNumber, toNumber } from '../../values.ts';
import { argValue, deepEqual } from './args.ts';

/** With one argument the node is compared with it; with two, the arguments with each other. */
function operands(node: unknown, args: readonly string[], env: PluginEnv): [unknown, unknown] {
  if (args.length >= 2) return [argValue(args[0] ?? '', env), argValue(args[1] ?? '', env)];
  return [node, argValue(args[0] ?? '', env)];
}

/**
 * The reference's ordering: the right operand is read as the left one's type (a number from
 * text's leading digits, or 0 from anything else; text from a number or boolean, or empty;
 * a boolean as isFlagSet reads one), and a left operand that is
 * null, missing or a container is equal to an equal value and below everything else.
 */
function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number') {
    // Text without a leading number sits below every number.
    const y = leadingNumber(b);
    return Number.isNaN(y) ? 1 : a < y ? -1 : a > y ? 1 : 0;
  }
  if (typeof a === 'string') {
    const y =
      typeof b === 'string' ? b : typeof b === 'number' || typeof b === 'boolean' ? String(b) : '';
    return a < y ? -1 : a > y ? 1 : 0;
  }
  if (typeof a === 'boolean') {
    const y = isFlagSet(b);
    return Number(a) - Number(y);
  }
  return looselyEqual(a, b) ? 0 : -1;
}

/** Equality as the reference's `equal?` sees it: null and missing are the same value. */
function looselyEqual(a: unknown, b: unknown): boolean {
  return deepEqual(a ?? null, b ?? null);
}

/** Without arguments a comparison is false, as in the reference. */
function comparison(test: (c: number) => boolean): PredicateTable[string] {
  return (node, args, env) => {
    if (args.length === 0) return false;
    const [a, b] = operands(node, args, env);
    return test(compare(a, b));
  };
}

/**
 * Like the reference, parity looks at the current node, or with an argument at the value of
 * that path (`{.odd? n}`; a number written as the argument is a path too, so never odd).
 */
function parity(remainder: 0 | 1): PredicateTable[string] {
  return (node, args, env) => {
    const v = args.length > 0 ? env.resolve(args[0] ?? '') : node;
    return typeof v === 'number' && Number.isInteger(v) && Math.abs(v % 2) === remainder;
  };
}

export const corePredicates: PredicateTable = {
  'equal?': (node, args, env) => {
    if (args.length === 0) return false;
    const [a, b] = operands(node, args, env);
    return looselyEqual(a, b);
  },
  'notEqual?': (node, args, env) => {
    if (args.length === 0) return false;
    const [a, b] = operands(node, args, env);
    return !looselyEqual(a, b);
  },
  'greaterThan?': comparison((c) => c > 0),
  'greaterThanOrEqual?': comparison((c) => c >= 0),
  'lessThan?': comparison((c) => c < 0),
  'lessThanOrEqual?': comparison((c) => c <= 0),
  'even?': parity(0),
  'odd?': parity(1),
  'nth?': (node, args, env) => {
    const v = args.length >= 2 ? argValue(args[0] ?? '', env) : node;
    const n = toNumber(argValue(args[args.length >= 2 ? 1 : 0] ?? '', env));
    return (
      typeof v === 'number' && Number.isInteger(v) && Number.isInteger(n) && n !== 0 && v % n === 0
    );
  },
  // Like the reference, these look at the current node only, text by its leading number
  // ('2:' is plural, '1e3' singular, '0x10' neither).
  'plural?': (node) => leadingNumber(node) > 1,
  'singular?': (node) => leadingNumber(node) === 1,
  'debug?': (_node, _args, env) => isTruthy(env.resolve('debug')),
};
