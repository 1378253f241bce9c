/**
 * An owner list read a page at a time: this page's rows as a table with the pager beneath, or
 * the list's empty message when even the first page has no rows.
 */
import type { ReactNode } from 'react';
import { CursorPager, type CursorPage, type CursorPages } from './CursorPager.tsx';
import { DataTable, type DataTableProps } from './DataTable.tsx';
import { Empty } from './PageState.tsx';

export function PagedTable<Row>({
  empty,
  pages,
  page,
  ...table
}: DataTableProps<Row> & {
  /** What the owner reads when the list has nothing (yet, or for this search). */
  readonly empty: ReactNode;
  readonly pages: CursorPages;
  readonly page: CursorPage;
}) {
  if (table.rows.length === 0 && pages.isFirst) return <Empty>{empty}</Empty>;
  return (
    <>
      <DataTable {...table} />
      <CursorPager pages={pages} page={page} />
    </>
  );
}
