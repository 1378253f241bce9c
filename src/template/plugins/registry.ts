// Merges the built-in plugin families; the host's own tables are merged on top by createEngine.
import { commercePlugins } from './commerce/index.ts';
import { contentPlugins } from './content/index.ts';
import { corePlugins } from './core/index.ts';
import { datePlugins } from './date/index.ts';
import { i18nPlugins } from './i18n/index.ts';
import { moneyPlugins } from './money/index.ts';
import { slidePlugins } from './slide/index.ts';
import { socialPlugins } from './social/index.ts';
import type { FormatterTable, PluginFamily, PredicateTable } from './types.ts';

export const builtinFamilies: readonly PluginFamily[] = [
  corePlugins,
  moneyPlugins,
  commercePlugins,
  contentPlugins,
  socialPlugins,
  datePlugins,
  slidePlugins,
  i18nPlugins,
];

export function mergeFamilies(families: readonly PluginFamily[]): {
  formatters: FormatterTable;
  predicates: PredicateTable;
} {
  const formatters: Record<string, FormatterTable[string]> = {};
  const predicates: Record<string, PredicateTable[string]> = {};
  for (const f of families) {
    Object.assign(formatters, f.formatters);
    Object.assign(predicates, f.predicates);
  }
  return { formatters, predicates };
}
