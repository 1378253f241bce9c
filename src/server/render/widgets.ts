/**
 * The bridge between JSON-T widget formatters and React islands: the engine stays free of
 * React and asks this renderer for each widget's HTML.
 */
import type { Formatter, WidgetRenderer } from '../../template/index.ts';
import type { IslandRenderer } from './islands.ts';

function quantityOf(node: unknown): number {
  if (typeof node !== 'object' || node === null) return 0;
  const { totalQuantity } = node as { totalQuantity?: unknown };
  return typeof totalQuantity === 'number' ? totalQuantity : 0;
}

/** Vitrine's own widget formatters; the engine already routes the reference widget names. */
export const widgetFormatters: Record<string, Formatter> = {
  'template-cart': (value, args, env) => env.widget('template-cart', value, args) ?? '',
};

export function createWidgetRenderer(islands: IslandRenderer): WidgetRenderer {
  return (name, node) => {
    switch (name) {
      case 'template-cart':
        return islands.render('CartCount', { totalQuantity: quantityOf(node) });
      default:
        return undefined;
    }
  };
}
