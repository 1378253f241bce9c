// Commerce widget formatters: React islands the host renders (add to cart, variant
// pickers, quantity, restock sign-up, scarcity, checkout, quick view).
import { widgetFormatters } from '../widget-formatters.ts';

export const COMMERCE_WIDGETS = [
  'add-to-cart-btn',
  'variants-select',
  'quantity-input',
  'product-restock-notification',
  'product-scarcity',
  'product-checkout',
  'product-quick-view',
] as const;

export const commerceWidgets = widgetFormatters(COMMERCE_WIDGETS);
