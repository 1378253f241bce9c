/**
 * Traffic and the purchase funnel over a range of the site's days: visits, unique visitors and
 * page views by day (chart and table), the funnel's steps with their counts and rates, and the
 * most viewed pages. The numbers are the analytics read API's, summed.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client.ts';
import { useDashboard } from '../api/queries.ts';
import { DayChart } from '../components/DayChart.tsx';
import { QueryBoundary } from '../components/PageState.tsx';
import { formatCount, formatPercent } from '../format.ts';

interface SummaryDay {
  readonly date: string;
  readonly visits: number;
  readonly uniqueVisitors: number;
  readonly pageViews: number;
  readonly productViews: number;
  readonly addToCart: number;
  readonly purchases: number;
}

const RANGES = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
] as const;

function shift(day: string, days: number): string {
  return new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);
}

function Report({ from, to }: { readonly from: string; readonly to: string }) {
  const summary = useQuery({
    queryKey: ['analytics-summary', from, to],
    queryFn: () =>
      api<{ days: SummaryDay[] }>(`/api/vitrine/analytics/summary?from=${from}&to=${to}`),
  });
  return (
    <QueryBoundary query={summary} what="analytics" forbiddenTo="read analytics">
      {({ days }) => {
        const total = (pick: (day: SummaryDay) => number) =>
          days.reduce((sum, day) => sum + pick(day), 0);
        const steps = [
          { name: 'Visits', count: total((d) => d.visits) },
          { name: 'Product views', count: total((d) => d.productViews) },
          { name: 'Add to cart', count: total((d) => d.addToCart) },
          { name: 'Purchases', count: total((d) => d.purchases) },
        ];
        return (
          <>
            <dl className="stats">
              <div className="stat">
                <dt>Visits</dt>
                <dd className="stat-value">{formatCount(total((d) => d.visits))}</dd>
              </div>
              <div className="stat">
                <dt>Unique visitors</dt>
                <dd className="stat-value">{formatCount(total((d) => d.uniqueVisitors))}</dd>
              </div>
              <div className="stat">
                <dt>Page views</dt>
                <dd className="stat-value">{formatCount(total((d) => d.pageViews))}</dd>
              </div>
            </dl>
            <DayChart
              title="Visits and page views by day"
              series={[
                { key: 'visits', name: 'Visits' },
                { key: 'pageViews', name: 'Page views' },
              ]}
              days={days.map((day) => ({
                date: day.date,
                values: { visits: day.visits, pageViews: day.pageViews },
              }))}
            />
            <table>
              <caption>Purchase funnel</caption>
              <thead>
                <tr>
                  <th scope="col">Step</th>
                  <th scope="col">Count</th>
                  <th scope="col">Of the step before</th>
                </tr>
              </thead>
              <tbody>
                {steps.map((step, index) => {
                  const before = steps[index - 1]?.count;
                  return (
                    <tr key={step.name}>
                      <th scope="row">{step.name}</th>
                      <td>{formatCount(step.count)}</td>
                      <td>
                        {before === undefined
                          ? '—'
                          : before === 0
                            ? '0%'
                            : formatPercent(step.count / before)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </>
        );
      }}
    </QueryBoundary>
  );
}

export function AnalyticsPage() {
  const [days, setDays] = useState<number>(30);
  const today = useDashboard('today');
  return (
    <>
      <h1>Analytics</h1>
      <fieldset className="period-picker">
        <legend>Range</legend>
        {RANGES.map((range) => (
          <label key={range.days}>
            <input
              type="radio"
              name="range"
              checked={days === range.days}
              onChange={() => setDays(range.days)}
            />
            {range.label}
          </label>
        ))}
      </fieldset>
      <QueryBoundary query={today} what="analytics" forbiddenTo="read analytics">
        {(report) => <Report from={shift(report.to, 1 - days)} to={report.to} />}
      </QueryBoundary>
    </>
  );
}
