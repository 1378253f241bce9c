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
});
