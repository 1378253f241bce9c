// Core predicates: comparisons, parity, nth, plural/singular, debug.
import type { PluginEnv, PredicateTable } from '../types.ts';
import { isTruthy, toNumber } from '../../values.ts';
import { argValue, deepEqual } from './args.ts';

/** With one argument the node is compared with it; with two, the arguments with each other. */
function operands(node: unknown, args: readonly string[], env: PluginEnv): [unknown, unknown] {
  if (args.length >= 2) return [argValue(args[0] ?? '', env), argValue(args[1] ?? '', env)];
  return [node, argValue(args[0] ?? '', env)];
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const x = toNumber(a);
  const y = toNumber(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  return x - y;
}

function comparison(test: (c: number) => boolean): PredicateTable[string] {
  return (node, args, env) => {
    const [a, b] = operands(node, args, env);
    return test(compare(a, b));
  };
}

/** Like the reference, parity looks at the current node only. */
function parity(remainder: 0 | 1): PredicateTable[string] {
  return (v) => {
    return typeof v === 'number' && Number.isInteger(v) && Math.abs(v % 2) === remainder;
  };
}

export const corePredicates: PredicateTable = {
  'equal?': (node, args, env) => {
    const [a, b] = operands(node, args, env);
    return deepEqual(a, b);
  },
  'notEqual?': (node, args, env) => {
    const [a, b] = operands(node, args, env);
    return !deepEqual(a, b);
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
  // Like the reference, these look at the current node only.
  'plural?': (node) => toNumber(node) > 1,
  'singular?': (node) => toNumber(node) === 1,
  'debug?': (_node, _args, env) => isTruthy(env.resolve('debug')),
};
