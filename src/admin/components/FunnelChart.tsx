/**
 * The purchase funnel as horizontal bars (visx scale and shape: SVG only, no runtime styles):
 * each step's count and its rate of the step before are written beside its bar, each step is a
 * stop in the keyboard order with the same words as its accessible name, and a table under the
 * chart holds the numbers with the rate of the first step too.
 */
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId, useState } from 'react';
import { formatCount, formatPercent } from '../format.ts';
import { ChartTable } from './ChartTable.tsx';

export interface FunnelStep {
  readonly name: string;
  readonly count: number;
}

const WIDTH = 640;
const ROW = 44;
const LABEL = 150;
const VALUE = 190;

/** part / whole, or null when there is nothing to divide by. */
export function rateOf(part: number, whole: number | undefined): number | null {
  return whole === undefined || whole === 0 ? null : part / whole;
}

function describe(step: FunnelStep, before: FunnelStep | undefined, first: FunnelStep): string {
  const rate = rateOf(step.count, before?.count);
  const ofFirst = rateOf(step.count, first.count);
  return [
    `${step.name}: ${formatCount(step.count)}`,
    before && rate !== null ? `${formatPercent(rate)} of ${before.name.toLowerCase()}` : null,
    before && ofFirst !== null && before !== first
      ? `${formatPercent(ofFirst)} of ${first.name.toLowerCase()}`
      : null,
  ]
    .filter((part) => part !== null)
    .join(', ');
}

export function FunnelChart({
  title,
  steps,
}: {
  readonly title: string;
  readonly steps: readonly FunnelStep[];
}) {
  const titleId = useId();
  const [active, setActive] = useState<number | null>(null);
  const first = steps[0];
  if (!first) return null;
  const x = scaleLinear({
    domain: [0, Math.max(1, ...steps.map((step) => step.count))],
    range: [0, WIDTH - LABEL - VALUE],
  });
  const height = steps.length * ROW;
  return (
    <figure className="chart funnel">
      <figcaption id={titleId}>{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="group"
        aria-labelledby={titleId}
        className="chart-svg"
      >
        {steps.map((step, index) => {
          const before = steps[index - 1];
          const rate = rateOf(step.count, before?.count);
          return (
            <Group
              key={step.name}
              top={index * ROW}
              role="img"
              tabIndex={0}
              aria-label={describe(step, before, first)}
              className={index === active ? 'chart-day active' : 'chart-day'}
              onFocus={() => setActive(index)}
              onBlur={() => setActive(null)}
              onMouseEnter={() => setActive(index)}
              onMouseLeave={() => setActive(null)}
            >
              <rect className="chart-hit" x={0} y={0} width={WIDTH} height={ROW} />
              <text className="funnel-label" x={0} y={ROW / 2} dominantBaseline="middle">
                {step.name}
              </text>
              <Bar
                className="series-0"
                x={LABEL}
                y={8}
                width={Math.max(step.count > 0 ? 2 : 0, x(step.count))}
                height={ROW - 16}
              />
              <text
                className="funnel-value"
                x={LABEL + x(step.count) + 8}
                y={ROW / 2}
                dominantBaseline="middle"
              >
                {formatCount(step.count)}
                {before ? ` · ${rate === null ? '—' : formatPercent(rate)}` : ''}
              </text>
            </Group>
          );
        })}
      </svg>
      {active !== null && steps[active] ? (
        <p className="chart-focus" aria-hidden="true">
          {describe(steps[active], steps[active - 1], first)}
        </p>
      ) : null}
      <ChartTable
        title={title}
        columns={['Step', 'Count', 'Of the step before', `Of ${first.name.toLowerCase()}`]}
        rows={steps.map((step, index) => {
          const rate = rateOf(step.count, steps[index - 1]?.count);
          const ofFirst = rateOf(step.count, first.count);
          return {
            key: step.name,
            name: step.name,
            cells: [
              formatCount(step.count),
              index === 0 || rate === null ? '—' : formatPercent(rate),
              ofFirst === null ? '—' : formatPercent(ofFirst),
            ],
          };
        })}
      />
    </figure>
  );
}
