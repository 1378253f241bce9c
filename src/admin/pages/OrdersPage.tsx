/**
 * The orders table, newest first, a page at a time by cursor: each order by its number, with its
 * customer, total, payment and fulfilment states; searched by number or email and filtered by
 * state and date range.
 */
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router';
import { NO_ORDER_FILTERS, useOrderList, type OrderFilters } from '../api/orders.ts';
import type { OrderSummary } from '../api/types.ts';
import { useCursorPages } from '../components/CursorPager.tsx';
import { PagedTable } from '../components/PagedTable.tsx';
import { QueryBoundary } from '../components/PageState.tsx';
import { formatDateTime, formatMoney } from '../format.ts';
import { stateLabel } from '../format-order.ts';
import { OrderFiltersForm } from './OrderFilters.tsx';

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
  column.accessor('paymentStatus', {
    header: 'Payment',
    cell: (info) => stateLabel(info.getValue()),
  }),
  column.accessor('fulfillmentStatus', {
    header: 'Fulfilment',
    cell: (info) => stateLabel(info.getValue()),
  }),
];

function OrdersTable({ filters }: { readonly filters: OrderFilters }) {
  const pages = useCursorPages();
  const query = useOrderList(filters, pages.cursor);
  const filtered = Object.values(filters).some((value) => value !== '');
  return (
    <QueryBoundary query={query} what="orders" forbiddenTo="see orders">
      {(page) => (
        <PagedTable
          empty={
            filtered
              ? 'No orders match this search.'
              : 'No orders yet. Orders placed in the store appear here.'
          }
          pages={pages}
          page={page}
          caption="Orders, newest first"
          columns={COLUMNS}
          rows={page.orders}
          rowKey={(row) => row.id}
        />
      )}
    </QueryBoundary>
  );
}

export function OrdersPage() {
  const [filters, setFilters] = useState<OrderFilters>(NO_ORDER_FILTERS);
  return (
    <>
      <h1>Orders</h1>
      <OrderFiltersForm onApply={setFilters} />
      {/* New filters start again from the first page. */}
      <OrdersTable key={JSON.stringify(filters)} filters={filters} />
    </>
  );
}
