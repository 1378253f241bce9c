/**
 * A report's rows completed to one per key (each day of the range, each kind): a key no row has
 * gets `empty(key)`, so a quiet day reads as zeros in the table and the chart instead of going
 * missing.
 */
export function rowPerKey<K, R>(
  keys: readonly K[],
  rows: readonly R[],
  keyOf: (row: R) => K,
  empty: (key: K) => R,
): R[] {
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => byKey.get(key) ?? empty(key));
}
