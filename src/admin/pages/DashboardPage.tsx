/**
 * The home page: the period's numbers against the period before, visits and orders by day, the
 * latest orders, restock requests waiting and what is failing. Sections the role may not read
 * are absent (the report leaves them null).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useDashboard } from '../api/queries.ts';
import { pageTypeName } from '../page-types.ts';
import type { DashboardPeriod, DashboardReport, Metric } from '../api/types.ts';
import { DayChart } from '../components/DayChart.tsx';
import { PeriodChoice } from '../components/PeriodChoice.tsx';
import { Empty, QueryBoundary } from '../components/PageState.tsx';
import {
  formatChange,
  formatCount,
  formatDateTime,
  formatMoney,
  formatPercent,
} from '../format.ts';

const PERIODS: readonly { value: DashboardPeriod; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
];

function Stat({
  name,
  metric,
  format,
}: {
  readonly name: string;
  readonly metric: Metric | null;
  readonly format: (value: number) => string;
}) {
  if (!metric) return null;
  return (
    <div className="stat">
      <dt>{name}</dt>
      <dd>
        <span className="stat-value">{format(metric.value)}</span>
        <span className="stat-change">{formatChange(metric.value, metric.previous)}</span>
      </dd>
    </div>
  );
}

function Report({ report }: { readonly report: DashboardReport }) {
  const { metrics } = report;
  const money = (value: number) => formatMoney(value, report.currency);
  const series = [
    ...(metrics.visits ? [{ key: 'visits', name: 'Visits' }] : []),
    ...(metrics.orders ? [{ key: 'orders', name: 'Orders' }] : []),
  ];
  return (
    <>
      <dl className="stats">
        <Stat name="Visits" metric={metrics.visits} format={formatCount} />
        <Stat name="Orders" metric={metrics.orders} format={formatCount} />
        <Stat name="Revenue" metric={metrics.revenue} format={money} />
        <Stat name="Conversion rate" metric={metrics.conversionRate} format={formatPercent} />
        <Stat name="Average order value" metric={metrics.averageOrderValue} format={money} />
      </dl>
      {series.length > 0 ? (
        <DayChart
          title="Visits and orders by day"
          series={series}
          days={report.days.map((day) => ({
            date: day.date,
            values: { visits: day.visits ?? 0, orders: day.orders ?? 0 },
          }))}
        />
      ) : null}
      <div className="panels">
        {report.latestOrders ? (
          <section className="panel" aria-labelledby="latest-orders">
            <h2 id="latest-orders">Latest orders</h2>
            {report.latestOrders.length === 0 ? (
              <Empty>No orders yet.</Empty>
            ) : (
              <ul className="plain-list">
                {report.latestOrders.map((order) => (
                  <li key={order.id}>
                    <Link to={`/orders/${order.id}`}>#{order.number}</Link> {order.email} ·{' '}
                    {formatMoney(order.grandTotalCents, order.currency)} ·{' '}
                    {formatDateTime(order.created)} · {order.paymentStatus.replace(/_/g, ' ')},{' '}
                    {order.fulfillmentStatus}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
        {report.restockWaiting ? (
          <section className="panel" aria-labelledby="restock-waiting">
            <h2 id="restock-waiting">Restock requests waiting</h2>
            {report.restockWaiting.length === 0 ? (
              <Empty>Nobody is waiting for a restock.</Empty>
            ) : (
              <ul className="plain-list">
                {report.restockWaiting.map((row) => (
                  <li key={row.variantId}>
                    <Link to={`/products/${row.productId}`}>{row.productTitle}</Link> (
                    {row.variantId}): {formatCount(row.waiting)} waiting
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
        {report.failing ? (
          <section className="panel" aria-labelledby="failing">
            <h2 id="failing">Failing</h2>
            {report.failing.newErrorGroups.length === 0 &&
            report.failing.slowPageTypes.length === 0 ? (
              <Empty>
                Nothing is failing: no new script errors today, every page type loads fast.
              </Empty>
            ) : (
              <ul className="plain-list">
                {report.failing.newErrorGroups.map((group) => (
                  <li key={`error-${group.id}`}>
                    New script error: {group.message} (first seen {formatDateTime(group.firstSeen)})
                  </li>
                ))}
                {report.failing.slowPageTypes.map((row) => (
                  <li key={`slow-${row.pageType}`}>
                    Slow {pageTypeName(row.pageType)} pages: LCP p75 {formatCount(row.lcpMs)} ms
                    (over 2,500 ms) <Link to="/site-health">See site health</Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
      </div>
    </>
  );
}

export function DashboardPage() {
  const [period, setPeriod] = useState<DashboardPeriod>('7d');
  const query = useDashboard(period);
  return (
    <>
      <h1>Dashboard</h1>
      <PeriodChoice legend="Period" options={PERIODS} chosen={period} onChoose={setPeriod} />
      <QueryBoundary query={query} what="the dashboard" forbiddenTo="see the dashboard">
        {(report) => <Report report={report} />}
      </QueryBoundary>
    </>
  );
}
