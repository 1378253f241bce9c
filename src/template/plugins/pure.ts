// Marks formatters whose result depends only on their value and arguments.
import type { Formatter, FormatterTable } from './types.ts';

/** Returns the table with the named formatters (all when omitted) marked pure. */
export function markPure(
  table: FormatterTable,
  names: readonly string[] = Object.keys(table),
): FormatterTable {
  for (const name of names) {
    const fn: Formatter | undefined = table[name];
    if (fn) fn.pure = true;
  }
  return table;
}
