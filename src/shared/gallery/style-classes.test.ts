import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GALLERY_RANGES } from './enums.ts';
import { DIGIT_QUANTITIES, digitClasses, digitRules, nearestAspectRatio } from './style-classes.ts';

const siteCss = readFileSync(
  new URL('../../../themes/default/assets/site.css', import.meta.url),
  'utf8',
);

/** What the stylesheet adds up for these classes. */
function valueOf(classes: string[]): number {
  let total = 0;
  for (const name of classes) {
    const match = /-([hto])(\d)$/.exec(name);
    if (!match) throw new Error(name);
    total += Number(match[2]) * { h: 100, t: 10, o: 1 }[match[1] as 'h' | 't' | 'o'];
  }
  return total;
}

describe('gallery sizes as classes (no inline styles under the CSP)', () => {
  it('spells every value of every range, and every percentage, digit by digit', () => {
    for (const range of Object.values(GALLERY_RANGES))
      for (let value = range.min; value <= range.max; value += 1)
        expect(valueOf(digitClasses('pad', value))).toBe(value);
    for (let percent = 0; percent <= 100; percent += 1)
      expect(valueOf(digitClasses('fx', percent))).toBe(percent);
    expect(digitClasses('pad', 0)).toEqual([]);
    expect(digitClasses('sh', 205)).toEqual(['gallery-sh-h2', 'gallery-sh-o5']);
  });

  it('has every rule in the theme stylesheet', () => {
    const rules = digitRules();
    expect(rules).toHaveLength(DIGIT_QUANTITIES.length * 21);
    for (const rule of rules) expect(siteCss).toContain(rule);
  });

  it('frames a slideshow at the enumerated ratio nearest its first picture', () => {
    expect(nearestAspectRatio(1600, 2000)).toBe('three-four-vertical');
    expect(nearestAspectRatio(1920, 1080)).toBe('widescreen');
    expect(nearestAspectRatio(1000, 1000)).toBe('square');
    expect(nearestAspectRatio(2400, 1000)).toBe('anamorphic-widescreen');
    expect(nearestAspectRatio(undefined, undefined)).toBe('standard');
  });
});
