/**
 * The orders table, newest first, a page at a time by cursor: each order by its number, with its
 * payment and fulfilment states.
 */
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router';
import { useOrders } from '../api/queries.ts';
import type { OrderSummary } from '../api/types.ts';
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
  // The cursors of the pages before this one, so 'Previous page' goes back without refetching all.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  const query = useOrders(cursor);
  return (
    <>
      <h1>Orders</h1>
      <QueryBoundary query={query} what="orders" forbiddenTo="see orders">
        {(page) =>
          page.orders.length === 0 && cursors.length === 1 ? (
            <Empty>No orders yet. Orders placed in the store appear here.</Empty>
          ) : (
            <>
              <DataTable
                caption="Orders, newest first"
                columns={COLUMNS}
                rows={page.orders}
                rowKey={(row) => row.id}
              />
              <div className="pager">
                <button
                  type="button"
                  disabled={cursors.length === 1}
                  onClick={() => setCursors((list) => list.slice(0, -1))}
                >
                  Previous page
                </button>
                <button
                  type="button"
                  disabled={!page.hasNextPage}
                  onClick={() => {
                    const next = page.nextPageCursor;
                    if (next !== null) setCursors((list) => [...list, next]);
                  }}
                >
                  Next page
                </button>
              </div>
            </>
          )
        }
      </QueryBoundary>
    </>
  );
}
