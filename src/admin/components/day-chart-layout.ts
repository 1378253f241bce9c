/**
 * Where the day chart's parts go at the width it is shown at. The chart is drawn in CSS pixels
 * (no viewBox scaling), so its labels keep their size on a phone: a narrow chart gets fewer day
 * ticks instead of smaller ones, and the value axis is as wide as its longest label.
 */

/** The size of every axis label, in CSS pixels: readable on a phone. */
export const LABEL_FONT_SIZE = 12;
/** The width the chart is laid out at before it is measured (and in a test without layout). */
export const UNMEASURED_WIDTH = 640;
/** The narrowest layout: below this the chart scrolls rather than crushing its bars. */
const MIN_WIDTH = 280;
export const CHART_HEIGHT = 220;
/** Room a day label ('Nov 27', 'Sept 30') needs, gap included, at LABEL_FONT_SIZE. */
const DAY_LABEL_ROOM = 60;
/** An average glyph's width at LABEL_FONT_SIZE, to size the value axis from its labels. */
const GLYPH_WIDTH = LABEL_FONT_SIZE * 0.62;

export interface DayChartLayout {
  readonly width: number;
  readonly height: number;
  readonly margin: {
    readonly top: number;
    readonly right: number;
    readonly bottom: number;
    readonly left: number;
  };
  readonly innerWidth: number;
  readonly innerHeight: number;
  /** A day label on every tickEvery-th day, counting from the first. */
  readonly tickEvery: number;
}

export function dayChartLayout(
  measuredWidth: number | undefined,
  dayCount: number,
  valueLabels: readonly string[],
): DayChartLayout {
  const width = Math.max(MIN_WIDTH, Math.floor(measuredWidth ?? UNMEASURED_WIDTH));
  const longestLabel = Math.max(1, ...valueLabels.map((label) => label.length));
  const margin = {
    // Half a value label sticks out above the top tick.
    top: Math.ceil(LABEL_FONT_SIZE / 2) + 4,
    right: 12,
    bottom: LABEL_FONT_SIZE + 20,
    left: Math.ceil(longestLabel * GLYPH_WIDTH) + 14,
  };
  const innerWidth = width - margin.left - margin.right;
  const fitting = Math.max(1, Math.floor(innerWidth / DAY_LABEL_ROOM));
  return {
    width,
    height: CHART_HEIGHT,
    margin,
    innerWidth,
    innerHeight: CHART_HEIGHT - margin.top - margin.bottom,
    tickEvery: Math.max(1, Math.ceil(dayCount / fitting)),
  };
}
