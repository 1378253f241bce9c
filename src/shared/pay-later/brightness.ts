/**
 * The pill is white when the page background is dark (docs/behaviour/pay-later.md#when-the-teaser-shows): weighted brightness
 * (0.299 R + 0.587 G + 0.114 B, each 0–255) below 166.4.
 */
import { DARK_BACKGROUND_BRIGHTNESS } from './constants.ts';

export interface Rgba {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

/** Reads a computed CSS colour ('rgb(…)', 'rgba(…)', '#rgb', '#rrggbb'); null for anything else. */
export function parseCssColor(value: string): Rgba | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text)?.[1];
  if (hex !== undefined) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return {
      r: parseInt(full.slice(0, 2), 16),
      g: parseInt(full.slice(2, 4), 16),
      b: parseInt(full.slice(4, 6), 16),
      a: 1,
    };
  }
  if (text === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const parts = /^rgba?\(([^)]*)\)$/
    .exec(text)?.[1]
    ?.split(/[\s,/]+/)
    .filter(Boolean);
  if (!parts || parts.length < 3) return null;
  const [r, g, b, a = '1'] = parts.map((part) =>
    part.endsWith('%') ? String(Number(part.slice(0, -1)) / 100) : part,
  );
  const channels = [r, g, b, a].map(Number);
  if (channels.some((channel) => !Number.isFinite(channel))) return null;
  const [red = 0, green = 0, blue = 0, alpha = 1] = channels;
  return { r: red, g: green, b: blue, a: alpha };
}

export function weightedBrightness(color: Pick<Rgba, 'r' | 'g' | 'b'>): number {
  return 0.299 * color.r + 0.587 * color.g + 0.114 * color.b;
}

export function isDarkBackground(color: Pick<Rgba, 'r' | 'g' | 'b'>): boolean {
  return weightedBrightness(color) < DARK_BACKGROUND_BRIGHTNESS;
}

/**
 * The page background behind an element: the first colour that is not fully transparent among
 * the computed backgrounds given from the element outwards; white when all are transparent.
 */
export function effectiveBackground(computedBackgrounds: readonly string[]): Rgba {
  for (const value of computedBackgrounds) {
    const color = parseCssColor(value);
    if (color && color.a > 0) return color;
  }
  return { r: 255, g: 255, b: 255, a: 1 };
}
