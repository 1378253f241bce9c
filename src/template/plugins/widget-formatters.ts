// Widget formatters (commerce, social, media) are React islands the host renders: the engine
// only hands over the node and arguments and prints what the host returns; an unknown widget
// prints nothing.
import type { Formatter, FormatterTable } from './types.ts';

const widget =
  (name: string): Formatter =>
  (v, args, env) =>
    env.widget(name, v, args) ?? '';

/** One formatter per widget name, each rendering through the host's widget renderer. */
export function widgetFormatters(names: readonly string[]): FormatterTable {
  return Object.fromEntries(names.map((name) => [name, widget(name)]));
}
