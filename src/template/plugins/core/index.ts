// The core plugin family: escaping, data access, text and numeric formatters, and the
// core predicates.
import type { PluginFamily } from '../types.ts';
import { escapeFormatters } from './escape.ts';

export const corePlugins: PluginFamily = {
  name: 'core',
  formatters: { ...escapeFormatters },
  predicates: {},
};
