/**
 * Whether two entries' extra-field answers are the same, as PostgreSQL's `jsonb` equality (and
 * `is not distinct from`) judges them: null only equals null, objects are equal when they hold
 * the same keys with equal values whatever the keys' order, arrays when their items are equal in
 * order, numbers by value. An add to cart adds to the entry of the same variant with the same
 * answers (docs/behaviour/cart.md#cart-calls), and both sides here are JSON values: the stored
 * answers as read back and the normalized answers being added.
 */
export function sameAnswers(stored: unknown, added: unknown): boolean {
  if (stored === added) return true;
  if (typeof stored !== 'object' || typeof added !== 'object') return false;
  if (stored === null || added === null) return false;
  if (Array.isArray(stored) || Array.isArray(added)) {
    if (!Array.isArray(stored) || !Array.isArray(added) || stored.length !== added.length)
      return false;
    return stored.every((item, index) => sameAnswers(item, added[index]));
  }
  const storedKeys = Object.keys(stored);
  if (storedKeys.length !== Object.keys(added).length) return false;
  return storedKeys.every(
    (key) =>
      Object.hasOwn(added, key) &&
      sameAnswers(
        (stored as Record<string, unknown>)[key],
        (added as Record<string, unknown>)[key],
      ),
  );
}
