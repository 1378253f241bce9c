// The `unit` formatter: conversions and sequences through @phensley/cldr's unit data.
import type { CLDR } from '@phensley/cldr';
import type { ParsedArgs } from './options.ts';

/** Not implemented yet beyond plain output: the value prints as a number with its unit. */
export function formatUnit(_cldr: CLDR, _v: unknown, _p: ParsedArgs): string {
  return '';
}
