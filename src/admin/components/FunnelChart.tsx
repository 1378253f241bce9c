/**
 * The purchase funnel as horizontal bars (visx scale and shape: SVG only, no runtime styles):
 * each step's count and its rate of the step before are written beside its bar, each step is a
 * stop in the keyboard order with the same words as its accessible name, and a table under the
 * chart holds the numbers with the rate of the first step too. Drawn at its box's width in CSS
 * pixels, so the words keep their size on a phone, where each step's name goes above its bar.
 */
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId, useState } from 'react';
import { formatCount, formatPercent } from '../format.ts';
import { ChartSvg, chartStop } from './ChartSvg.tsx';
import { ChartTable } from './ChartTable.tsx';
import { UNMEASURED_WIDTH } from './day-chart-layout.ts';
import { useElementWidth } from './use-element-width.ts';

export interface FunnelStep {
  readonly name: string;
  readonly count: number;
}

/** Below this width a step's name sits above its bar rather than beside it. */
const STACKED_BELOW = 480;
const MIN_WIDTH = 280;
/** Room for a step's name beside its bar, and for its count and rate after the bar. */
const LABEL = 150;
const VALUE = 130;
const BAR = 28;

/** Where a step's parts go at a width: the name beside the bar, or above it when narrow. */
export function funnelLayout(measuredWidth: number | undefined) {
  const width = Math.max(MIN_WIDTH, Math.floor(measuredWidth ?? UNMEASURED_WIDTH));
  const stacked = width < STACKED_BELOW;
  const barX = stacked ? 0 : LABEL;
  return {
    width,
    stacked,
    row: stacked ? 60 : 44,
    barX,
    barY: stacked ? 26 : 8,
    labelY: stacked ? 12 : 22,
    barRoom: width - barX - VALUE,
  };
}

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
  const [box, measuredWidth] = useElementWidth<HTMLDivElement>();
  const first = steps[0];
  if (!first) return null;
  const layout = funnelLayout(measuredWidth);
  const { width, row } = layout;
  const x = scaleLinear({
    domain: [0, Math.max(1, ...steps.map((step) => step.count))],
    range: [0, layout.barRoom],
  });
  const height = steps.length * row;
  return (
    <figure className="chart funnel">
      <figcaption id={titleId}>{title}</figcaption>
      <ChartSvg box={box} width={width} height={height} labelledBy={titleId}>
        {steps.map((step, index) => {
          const before = steps[index - 1];
          const rate = rateOf(step.count, before?.count);
          return (
            <Group
              key={step.name}
              top={index * row}
              {...chartStop(index, active, setActive)}
              aria-label={describe(step, before, first)}
            >
              <rect className="chart-hit" x={0} y={0} width={width} height={row} />
              <text className="funnel-label" x={0} y={layout.labelY} dominantBaseline="middle">
                {step.name}
              </text>
              <Bar
                className="series-0"
                x={layout.barX}
                y={layout.barY}
                width={Math.max(step.count > 0 ? 2 : 0, x(step.count))}
                height={BAR}
              />
              <text
                className="funnel-value"
                x={layout.barX + x(step.count) + 8}
                y={layout.barY + BAR / 2}
                dominantBaseline="middle"
              >
                {formatCount(step.count)}
                {before ? ` · ${rate === null ? '—' : formatPercent(rate)}` : ''}
              </text>
            </Group>
          );
        })}
      </ChartSvg>
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
