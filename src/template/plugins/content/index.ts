// The content plugin family: images, colours, sizes, classes and content predicates.
import type { PluginFamily } from '../types.ts';
import { contentFormatters } from './formatters.ts';
import { contentPredicates } from './predicates.ts';
import { contentWidgets } from './widgets.ts';

export const contentPlugins: PluginFamily = {
  name: 'content',
  formatters: { ...contentFormatters, ...contentWidgets },
  predicates: contentPredicates,
};
