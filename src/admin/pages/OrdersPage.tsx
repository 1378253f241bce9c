/**
 * The orders table, newest first, a page at a time by cursor: each order by its number, with its
 * payment and fulfilment states.
 */
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { useOrders } from '../api/queries.ts';
import type { OrderSummary } from '../api/types.ts';
import { CursorPager, useCursorPages } from '../components/CursorPager.tsx';
import { DataTable } from '../components/DataTable.tsx';
import { Empty, QueryBoundary } from '../components/PageState.tsx';
import { formatDateTime, formatMoney } from '../format.ts';

const column = createColumnHelper<OrderSummary>();
const COLUMNS = [
  column.accessor('number', {
    header: 'Order',
    cell: (info) => (
      <Link to={`/orders/${info.row.original.id}`}>{`#${String(info.getValue())}`}</Link>
    ),
  }),
  column.accessor('created', { header: 'Date', cell: (info) => formatDateTime(info.getValue()) }),
  column.accessor('email', { header: 'Customer' }),
  column.accessor('grandTotalCents', {
    header: 'Total',
    cell: (info) => formatMoney(info.getValue(), info.row.original.currency),
  }),
  column.accessor('paymentStatus', { header: 'Payment' }),
  column.accessor('fulfillmentStatus', { header: 'Fulfilment' }),
];

export function OrdersPage() {
  const pages = useCursorPages();
  const query = useOrders(pages.cursor);
  return (
    <>
      <h1>Orders</h1>
      <QueryBoundary query={query} what="orders" forbiddenTo="see orders">
        {(page) =>
          page.orders.length === 0 && pages.isFirst ? (
            <Empty>No orders yet. Orders placed in the store appear here.</Empty>
          ) : (
            <>
              <DataTable
                caption="Orders, newest first"
                columns={COLUMNS}
                rows={page.orders}
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
