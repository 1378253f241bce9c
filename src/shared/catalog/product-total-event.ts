/**
 * The page event a product form sends when its chosen variant or quantity changes, for the other
 * widgets of the product page that show an amount (the pay-later teaser). Only the name and the
 * detail's shape live here, so a listener does not load the product form's code.
 */
export const PRODUCT_TOTAL_EVENT = 'vitrine:product-total';

export interface ProductTotalDetail {
  readonly itemId: string;
  /** The chosen variant's price times the quantity, in minor units; null while none is chosen. */
  readonly totalCents: number | null;
}
