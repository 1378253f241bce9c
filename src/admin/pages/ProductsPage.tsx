/** The products of the store in the store's order, whatever their status, a page at a time. */
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { useProducts } from '../api/queries.ts';
import type { ProductSummary } from '../api/types.ts';
import { CursorPager, useCursorPages } from '../components/CursorPager.tsx';
import { DataTable } from '../components/DataTable.tsx';
import { Empty, QueryBoundary } from '../components/PageState.tsx';
import { formatDateTime } from '../format.ts';

const column = createColumnHelper<ProductSummary>();
const COLUMNS = [
  column.accessor('title', {
    header: 'Product',
    cell: (info) => <Link to={`/products/${info.row.original.id}`}>{info.getValue()}</Link>,
  }),
  column.accessor('status', { header: 'Status' }),
  column.accessor('variantCount', { header: 'Variants' }),
  column.accessor('soldOut', {
    header: 'Stock',
    cell: (info) => (info.getValue() ? 'Sold out' : 'In stock'),
  }),
  column.accessor('updated', {
    header: 'Changed',
    cell: (info) => formatDateTime(info.getValue()),
  }),
];

export function ProductsPage() {
  const pages = useCursorPages();
  const query = useProducts(pages.cursor);
  return (
    <>
      <h1>Products</h1>
      <QueryBoundary query={query} what="products" forbiddenTo="see products">
        {(page) =>
          page.products.length === 0 && pages.isFirst ? (
            <Empty>No products yet.</Empty>
          ) : (
            <>
              <DataTable
                caption="Products"
                columns={COLUMNS}
                rows={page.products}
                rowKey={(row) => row.id}
              />
              <CursorPager pages={pages} page={page} />
            </>
          )
        }
      </QueryBoundary>
    </>
  );
}
