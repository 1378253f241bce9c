/**
 * Owner lists read a page at a time: the query asks for one row more than the page (so the
 * answer knows whether another page follows), and the next page's cursor is the id of this
 * page's last row.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

export interface ListPage<Row> {
  readonly page: Row[];
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}

/** The first `limit` of `rows` (read with `limit + 1`) and where the next page starts. */
export function listPage<Row extends { readonly id: string }>(
  rows: Row[],
  limit: number,
): ListPage<Row> {
  const page = rows.slice(0, limit);
  const hasNextPage = rows.length > limit;
  return { page, hasNextPage, nextPageCursor: hasNextPage ? (page.at(-1)?.id ?? null) : null };
}

/** A site's rows, newest first by `created_at` then `id`, with an id as the cursor. */
type NewestFirstTable = PgTable & {
  readonly id: AnyPgColumn;
  readonly siteId: AnyPgColumn;
  readonly createdAt: AnyPgColumn;
};

/**
 * Where-clause: the rows after the cursor's row in newest-first order; none without a cursor.
 * A row comparison on (created_at, id), made against the stored row, so rows of the same
 * millisecond (and microseconds a JS Date lacks) neither repeat nor go missing.
 */
export function olderThanCursor(
  table: NewestFirstTable,
  siteId: string,
  cursor: string | undefined,
): SQL | undefined {
  if (cursor === undefined) return undefined;
  const [createdAt, id, site] = [table.createdAt, table.id, table.siteId].map((column) =>
    sql.identifier(column.name),
  );
  return sql`(${table.createdAt}, ${table.id}) < (select c.${createdAt}, c.${id} from ${table} c where c.${id} = ${cursor} and c.${site} = ${siteId})`;
}
