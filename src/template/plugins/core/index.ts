// The core plugin family: escaping, data access, text and numeric formatters, and the
// core predicates.
import type { PluginFamily } from '../types.ts';
import { dataFormatters } from './data.ts';
import { escapeFormatters } from './escape.ts';
import { corePredicates } from './predicates.ts';
import { textFormatters } from './text.ts';

export const corePlugins: PluginFamily = {
  name: 'core',
  formatters: { ...escapeFormatters, ...dataFormatters, ...textFormatters },
  predicates: corePredicates,
};
