/**
 * The event the product form dispatches on `document` whenever the chosen variant changes
 * (and once it knows the first choice): which product, which variant (null while any option is
 * unselected) and whether that variant is sold out. The restock form listens for it.
 */

export const VARIANT_CHANGE_EVENT = 'vitrine:variant-change';

export interface VariantChangeDetail {
  readonly itemId: string;
  readonly variantId: string | null;
  readonly soldOut: boolean;
}

/** The event's detail when it has the expected shape, else undefined (ignored). */
export function readVariantChange(detail: unknown): VariantChangeDetail | undefined {
  if (typeof detail !== 'object' || detail === null) return undefined;
  const { itemId, variantId, soldOut } = detail as Record<string, unknown>;
  if (typeof itemId !== 'string') return undefined;
  if (variantId !== null && typeof variantId !== 'string') return undefined;
  return { itemId, variantId, soldOut: soldOut === true };
}

/**
 * The latest choice per item, kept as the form announces it: the restock form hydrates when the
 * page is idle, after the form may have spoken, and starts from it. One module instance per page.
 */
const latestChoices = new Map<string, VariantChangeDetail>();

export function rememberVariantChange(detail: VariantChangeDetail): void {
  latestChoices.set(detail.itemId, detail);
}

export function latestVariantChange(itemId: string): VariantChangeDetail | undefined {
  return latestChoices.get(itemId);
}
