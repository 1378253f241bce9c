/** Stock states of a variant (docs/behaviour/products-and-variants.md#variant-selection): no stock means not unlimited and quantity ≤ 0. */
export interface StockLevel {
  readonly unlimited: boolean;
  readonly qtyInStock: number;
}

export function isSoldOutVariant(stock: StockLevel): boolean {
  return !stock.unlimited && stock.qtyInStock <= 0;
}
