/**
 * Site health over a chosen range: the p75 of each Core Web Vital per page type, judged by
 * web.dev's good / needs-improvement / poor thresholds (in words as well as colour), with sample
 * counts; the same p75s by day; script error groups with a sample stack; and the page-speed
 * collector's rollout flags, which an owner allowed to change settings can save.
 */
import { useEffect, useState } from 'react';
import { useOwner } from '../owner-session.ts';
import type { ReportRange } from '../api/analytics.ts';
import {
  usePageSpeed,
  usePerformanceFlags,
  useSavePerformanceFlags,
  useScriptErrors,
  type PageSpeedReport,
} from '../api/health.ts';
import { allows } from '../api/session.ts';
import { DayChart } from '../components/DayChart.tsx';
import { Empty, ErrorState, QueryBoundary } from '../components/PageState.tsx';
import { RangePicker } from '../components/RangePicker.tsx';
import { formatCount, formatDateTime } from '../format.ts';
import { pageTypeName } from '../page-types.ts';
import '../insights.css';

/** web.dev's thresholds: good up to `good`, poor above `poor`. */
export const VITALS = [
  { key: 'lcpMs', name: 'LCP', unit: 'ms', good: 2500, poor: 4000 },
  { key: 'inpMs', name: 'INP', unit: 'ms', good: 200, poor: 500 },
  { key: 'cls', name: 'CLS', unit: '', good: 0.1, poor: 0.25 },
  { key: 'fcpMs', name: 'FCP', unit: 'ms', good: 1800, poor: 3000 },
  { key: 'ttfbMs', name: 'TTFB', unit: 'ms', good: 800, poor: 1800 },
] as const;

export type Verdict = 'good' | 'needs improvement' | 'poor';

export function rating(value: number, good: number, poor: number): Verdict {
  if (value <= good) return 'good';
  return value <= poor ? 'needs improvement' : 'poor';
}

function formatVital(key: (typeof VITALS)[number]['key'], value: number): string {
  return key === 'cls' ? value.toFixed(2) : `${formatCount(Math.round(value))} ms`;
}

function VitalsTable({ report }: { readonly report: PageSpeedReport }) {
  return (
    <div
      className="table-scroll"
      role="region"
      aria-label="Core Web Vitals per page type"
      tabIndex={0}
    >
      <table>
        <caption>Core Web Vitals p75 per page type</caption>
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
          {report.pageTypes.map((row) => (
            <tr key={String(row.pageType)}>
              <th scope="row">{pageTypeName(row.pageType)}</th>
              <td>{formatCount(row.records)}</td>
              {VITALS.map((vital) => {
                const value = row[vital.key];
                if (value === null) return <td key={vital.key}>—</td>;
                const verdict = rating(value, vital.good, vital.poor);
                return (
                  <td key={vital.key} className={`vital-${verdict.replace(' ', '-')}`}>
                    {formatVital(vital.key, value)} ({verdict})
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PageSpeed({ range }: { readonly range: ReportRange }) {
  const speed = usePageSpeed(range);
  return (
    <section className="insight-section" aria-labelledby="vitals">
      <h2 id="vitals">Core Web Vitals (p75)</h2>
      <p className="vital-legend">
        Judged by web.dev: LCP good up to 2,500 ms, poor over 4,000 ms; INP 200 / 500 ms; CLS 0.1 /
        0.25; FCP 1,800 / 3,000 ms; TTFB 800 / 1,800 ms.
      </p>
      <QueryBoundary query={speed} what="page speed" forbiddenTo="read page speed">
        {(report) =>
          report.pageTypes.length === 0 ? (
            <Empty>No page-speed records in these days.</Empty>
          ) : (
            <>
              <VitalsTable report={report} />
              <DayChart
                title="Timings p75 by day (ms)"
                format={(value) => `${formatCount(Math.round(value))} ms`}
                series={[
                  { key: 'lcpMs', name: 'LCP' },
                  { key: 'inpMs', name: 'INP' },
                  { key: 'fcpMs', name: 'FCP' },
                  { key: 'ttfbMs', name: 'TTFB' },
                ]}
                days={report.days.map((day) => ({
                  date: day.date,
                  values: {
                    lcpMs: day.lcpMs ?? 0,
                    inpMs: day.inpMs ?? 0,
                    fcpMs: day.fcpMs ?? 0,
                    ttfbMs: day.ttfbMs ?? 0,
                  },
                }))}
              />
              <DayChart
                title="CLS p75 by day"
                format={(value) => value.toFixed(2)}
                series={[{ key: 'cls', name: 'CLS' }]}
                days={report.days.map((day) => ({ date: day.date, values: { cls: day.cls ?? 0 } }))}
              />
            </>
          )
        }
      </QueryBoundary>
    </section>
  );
}

function ScriptErrors({ range }: { readonly range: ReportRange }) {
  const errors = useScriptErrors(range);
  return (
    <section className="insight-section" aria-labelledby="script-errors">
      <h2 id="script-errors">Script errors</h2>
      <QueryBoundary query={errors} what="script errors" forbiddenTo="read script errors">
        {({ groups }) =>
          groups.length === 0 ? (
            <Empty>No script errors in these days.</Empty>
          ) : (
            <ul className="plain-list">
              {groups.map((group) => (
                <li key={group.id} className="error-group">
                  <h3>{group.message}</h3>
                  <p>
                    {group.topFrame || 'No stack'} · {formatCount(group.count)} in these days (
                    {formatCount(group.total)} in all) · first seen{' '}
                    {formatDateTime(Date.parse(group.firstSeenAt))}, last seen{' '}
                    {formatDateTime(Date.parse(group.lastSeenAt))}
                  </p>
                  {group.sampleStack ? (
                    <details>
                      <summary>
                        Sample stack{group.samplePage ? ` (${group.samplePage})` : ''}
                      </summary>
                      <pre>{group.sampleStack}</pre>
                    </details>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryBoundary>
    </section>
  );
}

const FLAG_LABELS: Readonly<Record<string, string>> = {
  rum: 'Real-user monitoring (rum)',
  'track-page-speed': 'Track page speed (track-page-speed)',
  'track-user-timing': 'Track user timing (track-user-timing)',
  'website-app': 'On the website (website-app)',
};

function RolloutFlags() {
  const session = useOwner();
  const canEdit = allows(session, 'settings:edit');
  const flags = usePerformanceFlags();
  const save = useSavePerformanceFlags();
  const [draft, setDraft] = useState<Record<string, boolean> | null>(null);
  useEffect(() => {
    if (flags.data) setDraft({ 'website-app': false, ...flags.data.flags });
  }, [flags.data]);
  return (
    <section className="insight-section" aria-labelledby="rollout">
      <h2 id="rollout">Page-speed rollout</h2>
      <QueryBoundary query={flags} what="rollout settings" forbiddenTo="read rollout settings">
        {() => (
          <form
            className="flags"
            onSubmit={(event) => {
              event.preventDefault();
              if (draft) save.mutate(draft);
            }}
          >
            <p>The page-speed collector runs on the website only when all four are on.</p>
            {Object.entries(draft ?? {}).map(([flag, on]) => (
              <label key={flag}>
                <input
                  type="checkbox"
                  checked={on}
                  disabled={!canEdit}
                  onChange={(event) =>
                    setDraft((current) => ({ ...current, [flag]: event.target.checked }))
                  }
                />
                {FLAG_LABELS[flag] ?? flag}
              </label>
            ))}
            {canEdit ? (
              <button type="submit" disabled={save.isPending}>
                Save rollout settings
              </button>
            ) : (
              <p>Only an owner allowed to change settings can change these.</p>
            )}
            {save.isSuccess ? <p role="status">Saved.</p> : null}
            {save.error ? <ErrorState error={save.error} /> : null}
          </form>
        )}
      </QueryBoundary>
    </section>
  );
}

export function SiteHealthPage() {
  const [range, setRange] = useState<ReportRange>({ days: 7 });
  return (
    <>
      <h1>Site health</h1>
      <RangePicker range={range} onChange={setRange} />
      <PageSpeed range={range} />
      <ScriptErrors range={range} />
      <RolloutFlags />
    </>
  );
}
