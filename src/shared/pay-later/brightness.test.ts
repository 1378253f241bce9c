import { describe, expect, it } from 'vitest';
import {
  effectiveBackground,
  isDarkBackground,
  parseCssColor,
  weightedBrightness,
} from './brightness.ts';
import { DARK_BACKGROUND_BRIGHTNESS } from './constants.ts';

describe('the white pill on dark backgrounds (weighted brightness below 166.4)', () => {
  it('weights red, green and blue', () => {
    expect(weightedBrightness({ r: 255, g: 255, b: 255 })).toBeCloseTo(255);
    expect(weightedBrightness({ r: 100, g: 200, b: 50 })).toBeCloseTo(29.9 + 117.4 + 5.7);
  });

  it('is dark just below 166.4 and light at or above it', () => {
    expect(DARK_BACKGROUND_BRIGHTNESS).toBe(166.4);
    // Grey g has brightness g: 166 is dark, 167 is light.
    expect(isDarkBackground({ r: 166, g: 166, b: 166 })).toBe(true);
    expect(isDarkBackground({ r: 167, g: 167, b: 167 })).toBe(false);
    expect(isDarkBackground({ r: 0, g: 0, b: 0 })).toBe(true);
    expect(isDarkBackground({ r: 255, g: 255, b: 255 })).toBe(false);
    // Pure green is light by weight, pure blue dark.
    expect(isDarkBackground({ r: 0, g: 255, b: 0 })).toBe(true);
    expect(isDarkBackground({ r: 120, g: 255, b: 120 })).toBe(false);
  });

  it('reads computed CSS colours', () => {
    expect(parseCssColor('rgb(31, 58, 95)')).toEqual({ r: 31, g: 58, b: 95, a: 1 });
    expect(parseCssColor('rgba(0, 0, 0, 0)')).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    expect(parseCssColor('rgb(10 20 30 / 50%)')).toEqual({ r: 10, g: 20, b: 30, a: 0.5 });
    expect(parseCssColor('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseCssColor('#1c1c1e')).toEqual({ r: 28, g: 28, b: 30, a: 1 });
    expect(parseCssColor('transparent')?.a).toBe(0);
    expect(parseCssColor('papayawhip')).toBeNull();
  });

  it('looks outwards past transparent backgrounds, white when none is set', () => {
    expect(effectiveBackground(['rgba(0, 0, 0, 0)', 'rgb(20, 20, 20)'])).toEqual({
      r: 20,
      g: 20,
      b: 20,
      a: 1,
    });
    expect(effectiveBackground(['transparent'])).toEqual({ r: 255, g: 255, b: 255, a: 1 });
  });
});
