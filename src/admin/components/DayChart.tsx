/**
 * Values by day as grouped bars (visx scales and shapes: SVG only, no runtime styles). Each day
 * is a stop in the keyboard order and shows its values when focused or hovered; the same numbers
 * are a table under the chart, for screen readers and for reading exact values. The focused day's
 * values are written under the chart in HTML, where a long line wraps on a phone. The chart is
 * drawn at the width its box has, in CSS pixels, so its labels read the same on a phone as on a
 * desktop (day-chart-layout.ts).
 */
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId, useState } from 'react';
import { formatCount, formatDay } from '../format.ts';
import { ChartSvg, chartStop } from './ChartSvg.tsx';
import { ChartTable } from './ChartTable.tsx';
import { dayChartLayout, LABEL_FONT_SIZE } from './day-chart-layout.ts';
import { useElementWidth } from './use-element-width.ts';

export interface ChartSeries {
  readonly key: string;
  readonly name: string;
}

export interface ChartDay {
  readonly date: string;
  readonly values: Readonly<Record<string, number>>;
}

const tickLabelProps = { fontSize: LABEL_FONT_SIZE } as const;

function describeDay(
  day: ChartDay,
  series: readonly ChartSeries[],
  format: (value: number) => string,
): string {
  return `${formatDay(day.date)}: ${series
    .map((entry) => `${format(day.values[entry.key] ?? 0)} ${entry.name.toLowerCase()}`)
    .join(', ')}`;
}

export function DayChart({
  title,
  days,
  series,
  format = formatCount,
  step = 1,
}: {
  readonly title: string;
  readonly days: readonly ChartDay[];
  readonly series: readonly ChartSeries[];
  /** How a value is written on the axis, on focus and in the table (counts by default). */
  readonly format?: (value: number) => string;
  /**
   * The smallest value worth a tick: 1 for counts, one whole currency unit (in minor units) for
   * money, so a chart with nothing in it reads 0 to $1.00, not 0 to $0.01.
   */
  readonly step?: number;
}) {
  const [active, setActive] = useState<string | null>(null);
  const titleId = useId();
  const [box, measuredWidth] = useElementWidth<HTMLDivElement>();
  const largest = Math.max(0, ...days.flatMap((day) => series.map((s) => day.values[s.key] ?? 0)));
  const y = scaleLinear<number>({ domain: [0, Math.max(largest, step)], nice: true });
  // Every value is a whole count (visits, orders, minor units): no tick between two. With no
  // value at all, the axis shows its floor and one step.
  const valueTicks =
    largest === 0 ? [0, step] : y.ticks(4).filter((tick) => Number.isInteger(tick));
  const layout = dayChartLayout(
    measuredWidth,
    days.length,
    valueTicks.map((tick) => format(tick)),
  );
  const { width, height, margin, innerWidth, innerHeight, tickEvery } = layout;
  y.range([innerHeight, 0]);
  const x = scaleBand({
    domain: days.map((day) => day.date),
    range: [0, innerWidth],
    padding: 0.2,
  });
  const group = scaleBand({
    domain: series.map((entry) => entry.key),
    range: [0, x.bandwidth()],
    padding: 0.1,
  });
  const activeDay = days.find((day) => day.date === active);
  return (
    <figure className="chart">
      <figcaption id={titleId}>{title}</figcaption>
      <ul className="chart-legend" aria-hidden="true">
        {series.map((entry, index) => (
          <li key={entry.key} className={`series-${index}`}>
            {entry.name}
          </li>
        ))}
      </ul>
      <ChartSvg box={box} width={width} height={height} labelledBy={titleId}>
        <Group left={margin.left} top={margin.top}>
          <AxisLeft
            scale={y}
            tickValues={valueTicks}
            tickFormat={(value) => format(Number(value))}
            tickLabelProps={tickLabelProps}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickLabelProps={tickLabelProps}
            tickValues={days.filter((_, index) => index % tickEvery === 0).map((day) => day.date)}
            tickFormat={(value) => formatDay(String(value))}
          />
          {days.map((day) => (
            <g
              key={day.date}
              {...chartStop(day.date, active, setActive)}
              aria-label={describeDay(day, series, format)}
              transform={`translate(${x(day.date) ?? 0},0)`}
            >
              <rect className="chart-hit" x={0} y={0} width={x.bandwidth()} height={innerHeight} />
              {series.map((entry, index) => {
                const value = day.values[entry.key] ?? 0;
                return (
                  <Bar
                    key={entry.key}
                    className={`series-${index}`}
                    x={group(entry.key) ?? 0}
                    y={y(value)}
                    width={group.bandwidth()}
                    height={innerHeight - y(value)}
                  />
                );
              })}
            </g>
          ))}
        </Group>
      </ChartSvg>
      {/* Always there, so the table below does not jump as the pointer crosses the bars. */}
      <p className="chart-tooltip" aria-hidden="true">
        {activeDay ? describeDay(activeDay, series, format) : ''}
      </p>
      <ChartTable
        title={title}
        columns={['Day', ...series.map((entry) => entry.name)]}
        rows={days.map((day) => ({
          key: day.date,
          name: formatDay(day.date),
          cells: series.map((entry) => format(day.values[entry.key] ?? 0)),
        }))}
      />
    </figure>
  );
}
