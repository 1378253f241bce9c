/**
 * The cart page's plain forms' ids: the page's crumb inputs sit outside the island and name them
 * (`form=`). Apart from the props' schemas, so the island's first code carries no schema.
 */
export function updateFormId(entryId: string): string {
  return `cart-update-${entryId}`;
}
export function removeFormId(entryId: string): string {
  return `cart-remove-${entryId}`;
}
