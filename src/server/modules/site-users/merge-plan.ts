/**
 * What merging a guest cart into a site user's cart does, as pure data (the database part is in
 * merge-cart.ts). A guest entry joins the user's entry of the same variant with the same answers
 * (additionalFields, compared by value, key order ignored), or becomes a new entry at the end.
 * Quantities add up but never beyond what the cart could hold by adding: the variant's stock
 * (summed across the cart's entries, for physical goods and services that are not unlimited),
 * one of each digital product, and 9999 per entry. The user's own entries are never reduced.
 */

export const MAX_ENTRY_QUANTITY = 9999;
const PHYSICAL = 1;
const DIGITAL = 2;
const SERVICE = 3;

export interface MergeEntry {
  readonly id: string;
  readonly productId: string;
  readonly variantId: string;
  readonly quantity: number;
  readonly additionalFields: Record<string, unknown> | null;
}

export interface MergeVariant {
  readonly productType: number;
  readonly unlimited: boolean;
  readonly qtyInStock: number;
}

export interface MergePlan {
  /** User entries whose quantity grows. */
  readonly updates: { entryId: string; quantity: number }[];
  /** Guest entries that become new entries of the user's cart, in guest cart order. */
  readonly inserts: {
    productId: string;
    variantId: string;
    quantity: number;
    additionalFields: Record<string, unknown> | null;
  }[];
  /** Units of guest entries that did not fit (stock, digital or entry limits). */
  readonly unitsDropped: number;
}

/** JSON with object keys sorted at every depth, so equal answers compare equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function add(map: Map<string, number>, key: string, amount: number): void {
  map.set(key, (map.get(key) ?? 0) + amount);
}

export function planMerge(
  userEntries: readonly MergeEntry[],
  guestEntries: readonly MergeEntry[],
  variants: ReadonlyMap<string, MergeVariant>,
): MergePlan {
  const perVariant = new Map<string, number>();
  const perProduct = new Map<string, number>();
  // Target entries by variant + answers: the user's, then the ones this merge creates.
  const targets = new Map<
    string,
    { quantity: number; userEntryId?: string; insertIndex?: number }
  >();
  const keyOf = (entry: MergeEntry) =>
    `${entry.variantId}\u0000${canonicalJson(entry.additionalFields)}`;
  for (const entry of userEntries) {
    add(perVariant, entry.variantId, entry.quantity);
    add(perProduct, entry.productId, entry.quantity);
    if (!targets.has(keyOf(entry)))
      targets.set(keyOf(entry), { quantity: entry.quantity, userEntryId: entry.id });
  }

  const updates = new Map<string, number>();
  const inserts: MergePlan['inserts'] = [];
  let unitsDropped = 0;
  for (const entry of guestEntries) {
    const variant = variants.get(entry.variantId);
    const target = targets.get(keyOf(entry));
    let room = MAX_ENTRY_QUANTITY - (target?.quantity ?? 0);
    if (variant === undefined) room = 0;
    else {
      const tracked = variant.productType === PHYSICAL || variant.productType === SERVICE;
      if (tracked && !variant.unlimited)
        room = Math.min(room, variant.qtyInStock - (perVariant.get(entry.variantId) ?? 0));
      if (variant.productType === DIGITAL)
        room = Math.min(room, 1 - (perProduct.get(entry.productId) ?? 0));
    }
    const quantity = Math.max(0, Math.min(entry.quantity, room));
    unitsDropped += entry.quantity - quantity;
    if (quantity === 0) continue;
    add(perVariant, entry.variantId, quantity);
    add(perProduct, entry.productId, quantity);
    if (target?.userEntryId !== undefined) {
      target.quantity += quantity;
      updates.set(target.userEntryId, target.quantity);
    } else if (target?.insertIndex !== undefined) {
      target.quantity += quantity;
      const planned = inserts[target.insertIndex];
      if (planned) planned.quantity = target.quantity;
    } else {
      targets.set(keyOf(entry), { quantity, insertIndex: inserts.length });
      inserts.push({
        productId: entry.productId,
        variantId: entry.variantId,
        quantity,
        additionalFields: entry.additionalFields,
      });
    }
  }
  return {
    updates: [...updates].map(([entryId, quantity]) => ({ entryId, quantity })),
    inserts,
    unitsDropped,
  };
}
