/**
 * The drawing every dashboard chart shares: an SVG drawn at the width its box measures
 * (use-element-width.ts), in CSS pixels, named by the chart's caption as a group of stops; and
 * each stop (a day, a funnel step) in the keyboard order, marked active while focused or hovered
 * so the chart can write its values out in HTML.
 */
import type { ReactNode } from 'react';

export function ChartSvg({
  box,
  width,
  height,
  labelledBy,
  children,
}: {
  /** The measuring ref of `useElementWidth`. */
  readonly box: (element: HTMLDivElement | null) => void;
  readonly width: number;
  readonly height: number;
  /** The id of the chart's caption. */
  readonly labelledBy: string;
  readonly children: ReactNode;
}) {
  return (
    <div ref={box} className="chart-box">
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="group"
        aria-labelledby={labelledBy}
        className="chart-svg"
      >
        {children}
      </svg>
    </div>
  );
}

/** Spread on a stop's element: `key` is the stop, `active` the chart's active stop. */
export function chartStop<K>(key: K, active: K | null, setActive: (key: K | null) => void) {
  return {
    role: 'img',
    tabIndex: 0,
    className: key === active ? 'chart-day active' : 'chart-day',
    onFocus: () => setActive(key),
    onBlur: () => setActive(null),
    onMouseEnter: () => setActive(key),
    onMouseLeave: () => setActive(null),
  } as const;
}
