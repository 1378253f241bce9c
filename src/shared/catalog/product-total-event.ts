/**
 * The page event a product form sends when its chosen variant or quantity changes, for the other
 * widgets of the product page that show an amount (the pay-later teaser). Only the name and the
 * detail's shape (and the latest detail) live here, so a listener does not load the product
 * form's code.
 */
export const PRODUCT_TOTAL_EVENT = 'vitrine:product-total';

export interface ProductTotalDetail {
  readonly itemId: string;
  /** The chosen variant's price times the quantity, in minor units; null while none is chosen. */
  readonly totalCents: number | null;
}

/**
 * The latest total per item, kept as the form announces it: the pay-later teaser hydrates when
 * the page is idle, after the form may have spoken, and starts from it. One module instance per
 * page (every chunk imports the same one).
 */
const latestTotals = new Map<string, ProductTotalDetail>();

export function rememberProductTotal(detail: ProductTotalDetail): void {
  latestTotals.set(detail.itemId, detail);
}

export function latestProductTotal(itemId: string): ProductTotalDetail | undefined {
  return latestTotals.get(itemId);
}
