// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBoxWidth } from '../../../test/helpers/box-width.ts';
import { FunnelChart, funnelLayout } from './FunnelChart.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STEPS = [
  { name: 'Visits', count: 1000 },
  { name: 'Product views', count: 400 },
  { name: 'Purchase', count: 12 },
];

describe('the funnel chart', () => {
  it('is drawn at its box width, each name above its bar on a phone', () => {
    stubBoxWidth(358);
    const { container } = render(<FunnelChart title="Purchase funnel" steps={STEPS} />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('width')).toBe('358');
    expect(svg?.getAttribute('viewBox')?.startsWith('0 0 358 ')).toBe(true);
    const [label] = container.querySelectorAll('.funnel-label');
    const [bar] = container.querySelectorAll('.series-0');
    expect(Number(label?.getAttribute('y'))).toBeLessThan(Number(bar?.getAttribute('y')));
    expect(bar?.getAttribute('x')).toBe('0');
  });

  it('leaves room after the longest bar for its count and rate, narrow or wide', () => {
    for (const width of [300, 358, 640, 1000]) {
      const layout = funnelLayout(width);
      expect(layout.stacked).toBe(width < 480);
      // The longest bar is long enough to compare the others with, its count after it.
      expect(layout.barRoom).toBeGreaterThanOrEqual(150);
      expect(layout.width - layout.barX - layout.barRoom).toBeGreaterThanOrEqual(120);
    }
  });
});
