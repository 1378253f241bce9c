/**
 * Page speed and script errors over the last 7 days: the p75 of each Core Web Vital per page
 * type, judged by web.dev's good / needs-improvement / poor thresholds (in words, not only
 * colour), with sample counts; and the script error groups.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { useDashboard } from '../api/queries.ts';
import { Empty, QueryBoundary } from '../components/PageState.tsx';
import { formatCount, formatDateTime } from '../format.ts';

interface PageTypeSpeed {
  readonly pageType: number | null;
  readonly records: number;
  readonly lcpMs: number | null;
  readonly cls: number | null;
  readonly inpMs: number | null;
  readonly fcpMs: number | null;
  readonly ttfbMs: number | null;
}

interface ErrorGroup {
  readonly id: number;
  readonly message: string;
  readonly topFrame: string;
  readonly count: number;
  readonly firstSeenAt: string;
  readonly lastSeenAt: string;
}

/** web.dev's thresholds: [good up to, poor from]. */
export const VITALS = [
  { key: 'lcpMs', name: 'LCP', unit: 'ms', good: 2500, poor: 4000 },
  { key: 'inpMs', name: 'INP', unit: 'ms', good: 200, poor: 500 },
  { key: 'cls', name: 'CLS', unit: '', good: 0.1, poor: 0.25 },
  { key: 'fcpMs', name: 'FCP', unit: 'ms', good: 1800, poor: 3000 },
  { key: 'ttfbMs', name: 'TTFB', unit: 'ms', good: 800, poor: 1800 },
] as const;

export function rating(
  value: number,
  good: number,
  poor: number,
): 'good' | 'needs improvement' | 'poor' {
  if (value <= good) return 'good';
  return value <= poor ? 'needs improvement' : 'poor';
}

function Reports({ from, to }: { readonly from: string; readonly to: string }) {
  const speed = useQuery({
    queryKey: ['page-speed', from, to],
    queryFn: () =>
      api<{ pageTypes: PageTypeSpeed[] }>(
        `/api/vitrine/telemetry/page-speed?from=${from}&to=${to}`,
      ),
  });
  const errors = useQuery({
    queryKey: ['script-errors', from, to],
    queryFn: () =>
      api<{ groups: ErrorGroup[] }>(`/api/vitrine/telemetry/errors?from=${from}&to=${to}`),
  });
  return (
    <>
      <h2>Core Web Vitals (p75)</h2>
      <QueryBoundary query={speed} what="page speed" forbiddenTo="read page speed">
        {({ pageTypes }) =>
          pageTypes.length === 0 ? (
            <Empty>No page-speed records yet.</Empty>
          ) : (
            <table>
              <caption>p75 per page type, last 7 days</caption>
              <thead>
                <tr>
                  <th scope="col">Page type</th>
                  <th scope="col">Samples</th>
                  {VITALS.map((vital) => (
                    <th key={vital.key} scope="col">
                      {vital.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {pageTypes.map((row) => (
                  <tr key={String(row.pageType)}>
                    <th scope="row">{row.pageType ?? 'other'}</th>
                    <td>{formatCount(row.records)}</td>
                    {VITALS.map((vital) => {
                      const value = row[vital.key];
                      if (value === null) return <td key={vital.key}>—</td>;
                      const verdict = rating(value, vital.good, vital.poor);
                      return (
                        <td key={vital.key} className={`vital-${verdict.replace(' ', '-')}`}>
                          {vital.key === 'cls'
                            ? value.toFixed(2)
                            : `${formatCount(Math.round(value))} ${vital.unit}`}{' '}
                          ({verdict})
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryBoundary>
      <h2>Script errors</h2>
      <QueryBoundary query={errors} what="script errors" forbiddenTo="read script errors">
        {({ groups }) =>
          groups.length === 0 ? (
            <Empty>No script errors in the last 7 days.</Empty>
          ) : (
            <ul className="plain-list">
              {groups.map((group) => (
                <li key={group.id}>
                  <strong>{group.message}</strong> — {group.topFrame || 'no stack'} ·{' '}
                  {formatCount(group.count)} times · first{' '}
                  {formatDateTime(Date.parse(group.firstSeenAt))}, last{' '}
                  {formatDateTime(Date.parse(group.lastSeenAt))}
                </li>
              ))}
            </ul>
          )
        }
      </QueryBoundary>
    </>
  );
}

export function SiteHealthPage() {
  const today = useDashboard('today');
  return (
    <>
      <h1>Site health</h1>
      <QueryBoundary query={today} what="site health" forbiddenTo="read site health">
        {(report) => (
          <Reports
            from={new Date(Date.parse(report.to) - 6 * 86_400_000).toISOString().slice(0, 10)}
            to={report.to}
          />
        )}
      </QueryBoundary>
    </>
  );
}
