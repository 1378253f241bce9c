// The core plugin family: escaping, data access, text and numeric formatters, and the
// core predicates.
import { markPure } from '../pure.ts';
import type { PluginFamily } from '../types.ts';
import { dataFormatters } from './data.ts';
import { escapeFormatters } from './escape.ts';
import { corePredicates } from './predicates.ts';
import { textFormatters } from './text.ts';

export const corePlugins: PluginFamily = {
  name: 'core',
  formatters: {
    ...markPure(escapeFormatters),
    ...markPure(dataFormatters, [
      'count',
      'cycle',
      'mod',
      'round',
      'output',
      'prop',
      'key-by',
      'find-first',
      'find-last',
    ]),
    ...markPure(textFormatters),
  },
  predicates: corePredicates,
};
