/**
 * Analytics over a chosen range of the site's days: traffic (visits, unique visitors and page
 * views by day, top pages, referrers, devices), sales (revenue and orders by day, top products;
 * only for roles that read orders, as the server decides), the purchase funnel with counts and
 * rates, site search keywords and form conversions. Every number is a read API's, shown as it
 * answers or summed over the days; each section loads, fails and refuses on its own.
 */
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useOwner } from '../owner-session.ts';
import { useReport, type ReportRange, type Reports } from '../api/analytics.ts';
import { allows } from '../api/session.ts';
import { DataTable } from '../components/DataTable.tsx';
import { DayChart } from '../components/DayChart.tsx';
import { FunnelChart } from '../components/FunnelChart.tsx';
import { Empty, QueryBoundary } from '../components/PageState.tsx';
import { RangePicker } from '../components/RangePicker.tsx';
import { formatCount, formatDay, formatMoney, formatPercent, minorPerMajor } from '../format.ts';
import '../insights.css';

type Row<
  K extends keyof Reports,
  F extends keyof Reports[K],
> = Reports[K][F] extends readonly (infer R)[] ? R : never;

interface Stat {
  readonly name: string;
  readonly value: string;
  /** A sentence under the value saying what the figure counts, tied to it for screen readers. */
  readonly hint?: string;
}

function Stats({ items }: { readonly items: readonly Stat[] }) {
  return (
    <dl className="stats">
      {items.map(({ name, value, hint }) => {
        const hintId = hint === undefined ? undefined : `stat-hint-${name.replace(/\W+/g, '-')}`;
        return (
          <div className="stat" key={name}>
            <dt>{name}</dt>
            <dd className="stat-value" aria-describedby={hintId}>
              {value}
            </dd>
            {hint === undefined ? null : (
              <dd className="stat-hint" id={hintId}>
                {hint}
              </dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}

/**
 * Unique visitors are everyone seen that day by any hit (a product view, a search, a button
 * click), while visits start only at page views, and some pages record none (/search): a day can
 * show visitors and no visits.
 */
export const UNIQUE_VISITORS_HINT =
  'Everyone seen on a day by any hit, searches included; visits count page views only, so visitors can outnumber visits.';

const sum = <T,>(rows: readonly T[], pick: (row: T) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);

const pageColumn = createColumnHelper<Row<'pages', 'pages'>>();
const PAGE_COLUMNS = [
  pageColumn.accessor('path', { header: 'Page' }),
  pageColumn.accessor('pageViews', {
    header: 'Page views',
    cell: (c) => formatCount(c.getValue()),
  }),
  pageColumn.accessor('uniqueVisitors', {
    header: 'Unique visitors',
    cell: (c) => formatCount(c.getValue()),
  }),
];
const referrerColumn = createColumnHelper<Row<'referrers', 'referrers'>>();
const REFERRER_COLUMNS = [
  referrerColumn.accessor('source', { header: 'Source' }),
  referrerColumn.accessor('visits', { header: 'Visits', cell: (c) => formatCount(c.getValue()) }),
];
const deviceColumn = createColumnHelper<Row<'devices', 'devices'>>();
const DEVICE_COLUMNS = [
  deviceColumn.accessor('device', { header: 'Device' }),
  deviceColumn.accessor('visitors', { header: 'Visitors', cell: (c) => formatCount(c.getValue()) }),
  deviceColumn.accessor('pageViews', {
    header: 'Page views',
    cell: (c) => formatCount(c.getValue()),
  }),
];
const keywordColumn = createColumnHelper<Row<'searches', 'keywords'>>();
const KEYWORD_COLUMNS = [
  keywordColumn.accessor('keyword', { header: 'Keyword' }),
  keywordColumn.accessor('searches', {
    header: 'Searches',
    cell: (c) => formatCount(c.getValue()),
  }),
  keywordColumn.accessor('visitors', {
    header: 'Visitors',
    cell: (c) => formatCount(c.getValue()),
  }),
];
const formColumn = createColumnHelper<Row<'forms', 'forms'>>();
const FORM_COLUMNS = [
  formColumn.accessor('name', { header: 'Form' }),
  formColumn.accessor('views', { header: 'Views', cell: (c) => formatCount(c.getValue()) }),
  formColumn.accessor('submissions', {
    header: 'Submissions',
    cell: (c) => formatCount(c.getValue()),
  }),
  formColumn.accessor('conversionRate', {
    header: 'Conversion rate',
    cell: (c) => (c.row.original.views === 0 ? '—' : formatPercent(c.getValue())),
  }),
];

function Traffic({ range }: { readonly range: ReportRange }) {
  const summary = useReport('summary', range);
  const pages = useReport('pages', range);
  const referrers = useReport('referrers', range);
  const devices = useReport('devices', range);
  return (
    <section className="insight-section" aria-labelledby="traffic">
      <h2 id="traffic">Traffic</h2>
      <QueryBoundary query={summary} what="traffic" forbiddenTo="read analytics">
        {({ days, from, to, timeZone }) => (
          <>
            <p className="range-shown">
              {formatDay(from)} – {formatDay(to)}, days in {timeZone}
            </p>
            <Stats
              items={[
                { name: 'Visits', value: formatCount(sum(days, (d) => d.visits)) },
                {
                  name: 'Unique visitors (per day, summed)',
                  value: formatCount(sum(days, (d) => d.uniqueVisitors)),
                  hint: UNIQUE_VISITORS_HINT,
                },
                { name: 'Page views', value: formatCount(sum(days, (d) => d.pageViews)) },
              ]}
            />
            <DayChart
              title="Visits, unique visitors and page views by day"
              series={[
                { key: 'visits', name: 'Visits' },
                { key: 'uniqueVisitors', name: 'Unique visitors' },
                { key: 'pageViews', name: 'Page views' },
              ]}
              days={days.map((day) => ({
                date: day.date,
                values: {
                  visits: day.visits,
                  uniqueVisitors: day.uniqueVisitors,
                  pageViews: day.pageViews,
                },
              }))}
            />
          </>
        )}
      </QueryBoundary>
      <div className="panels">
        <QueryBoundary query={pages} what="top pages" forbiddenTo="read analytics">
          {(report) =>
            report.pages.length === 0 ? (
              <Empty>No page views in these days.</Empty>
            ) : (
              <DataTable
                caption="Top pages"
                columns={PAGE_COLUMNS}
                rows={report.pages.slice(0, 10)}
                rowKey={(row) => row.path}
              />
            )
          }
        </QueryBoundary>
        <QueryBoundary query={referrers} what="referrers" forbiddenTo="read analytics">
          {(report) =>
            report.referrers.length === 0 ? (
              <Empty>No visits in these days.</Empty>
            ) : (
              <DataTable
                caption="Referrers"
                columns={REFERRER_COLUMNS}
                rows={report.referrers}
                rowKey={(row) => row.source}
              />
            )
          }
        </QueryBoundary>
        <QueryBoundary query={devices} what="devices" forbiddenTo="read analytics">
          {(report) => (
            <DataTable
              caption="Devices"
              columns={DEVICE_COLUMNS}
              rows={report.devices}
              rowKey={(row) => row.device}
            />
          )}
        </QueryBoundary>
      </div>
    </section>
  );
}

const productColumn = createColumnHelper<Row<'sales', 'topProducts'> & { currency: string }>();
const PRODUCT_COLUMNS = [
  productColumn.accessor('title', { header: 'Product' }),
  productColumn.accessor('orders', { header: 'Orders', cell: (c) => formatCount(c.getValue()) }),
  productColumn.accessor('units', { header: 'Units', cell: (c) => formatCount(c.getValue()) }),
  productColumn.accessor('revenue', {
    header: 'Revenue',
    cell: (c) => formatMoney(c.getValue(), c.row.original.currency),
  }),
];

function Sales({ range }: { readonly range: ReportRange }) {
  const sales = useReport('sales', range);
  return (
    <section className="insight-section" aria-labelledby="sales">
      <h2 id="sales">Sales</h2>
      <QueryBoundary query={sales} what="sales" forbiddenTo="see sales">
        {({ days, currency, topProducts }) => {
          const money = (value: number) => formatMoney(value, currency);
          const revenue = sum(days, (d) => d.revenue);
          const orders = sum(days, (d) => d.orders);
          return (
            <>
              <Stats
                items={[
                  { name: 'Revenue', value: money(revenue) },
                  { name: 'Orders', value: formatCount(orders) },
                  {
                    name: 'Average order value',
                    value: money(orders === 0 ? 0 : Math.round(revenue / orders)),
                  },
                ]}
              />
              <DayChart
                title="Revenue by day"
                format={money}
                step={minorPerMajor(currency)}
                series={[{ key: 'revenue', name: 'Revenue' }]}
                days={days.map((day) => ({ date: day.date, values: { revenue: day.revenue } }))}
              />
              <DayChart
                title="Orders by day"
                series={[{ key: 'orders', name: 'Orders' }]}
                days={days.map((day) => ({ date: day.date, values: { orders: day.orders } }))}
              />
              {topProducts.length === 0 ? (
                <Empty>No orders in these days.</Empty>
              ) : (
                <DataTable
                  caption="Top products by revenue"
                  columns={PRODUCT_COLUMNS}
                  rows={topProducts.map((row) => ({ ...row, currency }))}
                  rowKey={(row) => row.productId}
                />
              )}
            </>
          );
        }}
      </QueryBoundary>
    </section>
  );
}

function Funnel({ range }: { readonly range: ReportRange }) {
  const funnel = useReport('funnel', range);
  return (
    <section className="insight-section" aria-labelledby="funnel">
      <h2 id="funnel">Purchase funnel</h2>
      <QueryBoundary query={funnel} what="the purchase funnel" forbiddenTo="read analytics">
        {({ steps }) => (
          <FunnelChart
            title="Visits to purchases"
            steps={[
              { name: 'Visits', count: steps.visits },
              { name: 'Product views', count: steps.productViewers },
              { name: 'Add to cart', count: steps.addedToCart },
              { name: 'Checkout', count: steps.reachedCheckout },
              { name: 'Purchases', count: steps.purchases },
            ]}
          />
        )}
      </QueryBoundary>
    </section>
  );
}

function Searches({ range }: { readonly range: ReportRange }) {
  const searches = useReport('searches', range);
  return (
    <section className="insight-section" aria-labelledby="searches">
      <h2 id="searches">Site search keywords</h2>
      <QueryBoundary query={searches} what="search keywords" forbiddenTo="read analytics">
        {({ keywords }) =>
          keywords.length === 0 ? (
            <Empty>Nobody searched the site in these days.</Empty>
          ) : (
            <DataTable
              caption="Search keywords, most searched first"
              columns={KEYWORD_COLUMNS}
              rows={keywords}
              rowKey={(row) => row.keyword}
            />
          )
        }
      </QueryBoundary>
    </section>
  );
}

function Forms({ range }: { readonly range: ReportRange }) {
  const forms = useReport('forms', range);
  return (
    <section className="insight-section" aria-labelledby="form-conversions">
      <h2 id="form-conversions">Form conversions</h2>
      <QueryBoundary query={forms} what="form conversions" forbiddenTo="read analytics">
        {(report) =>
          report.forms.length === 0 ? (
            <Empty>No form was shown or sent in these days.</Empty>
          ) : (
            <DataTable
              caption="Forms: views and submissions"
              columns={FORM_COLUMNS}
              rows={report.forms}
              rowKey={(row) => row.formId}
            />
          )
        }
      </QueryBoundary>
    </section>
  );
}

export function AnalyticsPage() {
  const session = useOwner();
  const [range, setRange] = useState<ReportRange>({ days: 30 });
  return (
    <>
      <h1>Analytics</h1>
      <RangePicker range={range} onChange={setRange} />
      <Traffic range={range} />
      {allows(session, 'orders:read') ? <Sales range={range} /> : null}
      <Funnel range={range} />
      <Searches range={range} />
      <Forms range={range} />
    </>
  );
}
