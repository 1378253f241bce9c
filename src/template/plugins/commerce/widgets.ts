// Commerce widget formatters: React islands the host renders (add to cart, variant
// pickers, quantity, restock sign-up, scarcity, checkout, quick view). The engine only
// hands over the node and arguments; an unknown widget prints nothing.
import type { Formatter, FormatterTable } from '../types.ts';

const widget =
  (name: string): Formatter =>
  (v, args, env) =>
    env.widget(name, v, args) ?? '';

export const COMMERCE_WIDGETS = [
  'add-to-cart-btn',
  'variants-select',
  'quantity-input',
  'product-restock-notification',
  'product-scarcity',
  'product-checkout',
  'product-quick-view',
] as const;

export const commerceWidgets: FormatterTable = Object.fromEntries(
  COMMERCE_WIDGETS.map((name) => [name, widget(name)]),
);
