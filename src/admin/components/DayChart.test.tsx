// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBoxWidth } from '../../../test/helpers/box-width.ts';
import { DayChart } from './DayChart.tsx';
import { CHART_HEIGHT, dayChartLayout } from './day-chart-layout.ts';

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

describe('the day chart in a narrow box', () => {
  afterEach(() => vi.unstubAllGlobals());

  const month = Array.from({ length: 30 }, (_, index) => ({
    date: `2026-11-${String(index + 1).padStart(2, '0')}`,
    values: { visits: index, orders: index % 3 },
  }));
  const renderMonth = () =>
    render(
      <DayChart
        title="Visits and orders by day"
        series={[
          { key: 'visits', name: 'Visits' },
          { key: 'orders', name: 'Orders' },
        ]}
        days={month}
      />,
    ).container;
  const dayLabels = (container: HTMLElement) =>
    [...container.querySelectorAll('.visx-axis-bottom .visx-axis-tick text')].map(
      (text) => text.textContent ?? '',
    );

  it('is drawn at the width of its box, one CSS pixel to one unit, labels at 12 px', () => {
    stubBoxWidth(358);
    const container = renderMonth();
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('width')).toBe('358');
    expect(svg?.getAttribute('viewBox')).toBe(`0 0 358 ${String(CHART_HEIGHT)}`);
    const labels = [...container.querySelectorAll('.visx-axis-tick text')];
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label.getAttribute('font-size')).toBe('12');
  });

  it('labels fewer days on a phone than on a desktop, every label with room to read', () => {
    stubBoxWidth(358);
    const phone = dayLabels(renderMonth());
    cleanup();
    stubBoxWidth(1000);
    const desktop = dayLabels(renderMonth());
    expect(phone.length).toBeLessThanOrEqual(5);
    expect(phone.length).toBeLessThan(desktop.length);
    expect(phone[0]).toBe(desktop[0]);
  });

  it("writes the focused day's values under the chart, where a long line can wrap", () => {
    stubBoxWidth(358);
    const container = renderMonth();
    const days = container.querySelectorAll('.chart-day');
    const tooltip = container.querySelector('.chart-tooltip');
    expect(tooltip?.closest('svg')).toBeNull();
    expect(tooltip?.textContent).toBe('');
    fireEvent.focus(days[29] as Element);
    expect(tooltip?.textContent).toBe(days[29]?.getAttribute('aria-label'));
    expect(tooltip?.textContent).toMatch(/29 visits, 2 orders$/);
    fireEvent.blur(days[29] as Element);
    expect(tooltip?.textContent).toBe('');
  });

  it('keeps every day in the keyboard order and the table whatever the width', () => {
    stubBoxWidth(358);
    const container = renderMonth();
    expect(container.querySelectorAll('.chart-day[tabindex="0"]')).toHaveLength(30);
    expect(container.querySelectorAll('table tbody tr')).toHaveLength(30);
  });
});

describe('the day chart layout', () => {
  it('gives each day label at least 60 px and the value axis room for its longest label', () => {
    const layout = dayChartLayout(358, 30, ['$0.00', '$1,200.00']);
    const labelled = Math.ceil(30 / layout.tickEvery);
    expect(layout.innerWidth / labelled).toBeGreaterThanOrEqual(60);
    expect(layout.margin.left).toBeGreaterThanOrEqual(9 * 7);
    expect(layout.margin.left + layout.innerWidth + layout.margin.right).toBe(358);
  });

  it('labels every day of a week on a phone and lays out at 640 px before it is measured', () => {
    expect(dayChartLayout(358, 7, ['0', '40']).tickEvery).toBe(2);
    expect(dayChartLayout(1000, 7, ['0', '40']).tickEvery).toBe(1);
    expect(dayChartLayout(undefined, 7, ['0']).width).toBe(640);
  });
});
