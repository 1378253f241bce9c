// Argument helpers shared by plugins: literal-or-path arguments and integer parsing.
import type { PluginEnv } from '../types.ts';

const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/**
 * An argument is a JSON literal (number, "string", true, false, null) when it reads as
 * one, otherwise a path resolved in the current scope.
 */
export function argValue(arg: string, env: PluginEnv): unknown {
  if (NUMBER.test(arg)) return Number(arg);
  const c = arg.charAt(0);
  if ((c === '"' || c === "'") && arg.length >= 2 && arg.endsWith(c)) return arg.slice(1, -1);
  if (arg === 'true') return true;
  if (arg === 'false') return false;
  if (arg === 'null') return null;
  return env.resolve(arg);
}

/** An integer argument, or `fallback` when absent or not a number. */
export function intArg(arg: string | undefined, fallback: number): number {
  if (arg === undefined) return fallback;
  const n = Number.parseInt(arg, 10);
  return Number.isNaN(n) ? fallback : n;
}

/** Structural equality of JSON values. */
export function deepEqual(a: unknown, b: unknown): boolean {
  // Objects are compared member by member even when they are one object: a NaN member is not
  // equal to itself, as in the reference.
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && deepEqual(ra[k], rb[k]));
}
