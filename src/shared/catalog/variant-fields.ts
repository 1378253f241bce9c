/**
 * A variant's own fields as the browser receives them: the owner app's product editor and the
 * storefront's product form read the same ones (the site file's variant record, mainImageId
 * aside).
 */
export interface VariantFields {
  readonly id: string;
  readonly sku: string;
  /** Option name → chosen value, e.g. { "Size": "M" }. */
  readonly attributes: Readonly<Record<string, string>>;
  /** Minor units of the store currency. */
  readonly price: number;
  readonly salePrice: number;
  readonly onSale: boolean;
  readonly unlimited: boolean;
  readonly qtyInStock: number;
}
