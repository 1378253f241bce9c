// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DayChart } from './DayChart.tsx';

afterEach(cleanup);

function axisLabels(container: HTMLElement): string[] {
  return [...container.querySelectorAll('.visx-axis-left .visx-axis-tick text')].map(
    (text) => text.textContent ?? '',
  );
}

describe('the day chart', () => {
  it('labels its value axis with whole counts only, however small the largest value', () => {
    const { container } = render(
      <DayChart
        title="Visits by day"
        series={[{ key: 'visits', name: 'Visits' }]}
        days={[
          { date: '2026-11-26', values: { visits: 0 } },
          { date: '2026-11-27', values: { visits: 1 } },
        ]}
      />,
    );
    expect(axisLabels(container)).toEqual(['0', '1']);
  });

  it('keeps evenly spaced whole ticks for larger counts', () => {
    const { container } = render(
      <DayChart
        title="Visits by day"
        series={[{ key: 'visits', name: 'Visits' }]}
        days={[{ date: '2026-11-27', values: { visits: 40 } }]}
      />,
    );
    expect(axisLabels(container)).toEqual(['0', '10', '20', '30', '40']);
  });

  /** The value-axis labels of a revenue chart in dollars (minor units in, whole dollars a step). */
  const revenueAxis = (revenueByDay: readonly number[]) =>
    axisLabels(
      render(
        <DayChart
          title="Revenue by day"
          series={[{ key: 'revenue', name: 'Revenue' }]}
          format={(cents) => `$${(cents / 100).toFixed(2)}`}
          step={100}
          days={revenueByDay.map((revenue, index) => ({
            date: `2026-11-${String(20 + index)}`,
            values: { revenue },
          }))}
        />,
      ).container,
    );

  it('reads 0 to one whole unit when nothing happened, not 0 to one cent', () => {
    expect(revenueAxis([0, 0])).toEqual(['$0.00', '$1.00']);
  });

  it('scales to the money there is once there is some', () => {
    expect(revenueAxis([12_000])).toEqual([
      '$0.00',
      '$20.00',
      '$40.00',
      '$60.00',
      '$80.00',
      '$100.00',
      '$120.00',
    ]);
  });
});
