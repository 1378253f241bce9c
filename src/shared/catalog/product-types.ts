/** Product type codes (docs/behaviour/products-and-variants.md#product-types). Any other code is an unknown type: listed, not sold. */
export const PRODUCT_TYPES = {
  PHYSICAL: 1,
  DIGITAL: 2,
  SERVICE: 3,
  GIFT_CARD: 4,
  PAYWALL: 5,
} as const;

export type ProductTypeName = keyof typeof PRODUCT_TYPES;
export type ProductTypeCode = (typeof PRODUCT_TYPES)[ProductTypeName];

export function productTypeName(code: number): ProductTypeName | 'UNKNOWN' {
  const entry = Object.entries(PRODUCT_TYPES).find(([, value]) => value === code);
  return entry ? (entry[0] as ProductTypeName) : 'UNKNOWN';
}
