import { describe, expect, it } from 'vitest';
import { createEngine } from '../../index.ts';
import { bestUnit, canonicalUnit, convert, ladder } from './conversions.ts';
import { exactDecimal, splitSequence } from './unit.ts';

describe('unit conversions', () => {
  it('accepts aliases and plurals and refuses unknown units', () => {
    expect(canonicalUnit('feet')).toBe('foot');
    expect(canonicalUnit('radians')).toBe('radian');
    expect(canonicalUnit('foot.inch')).toBeNull();
  });

  it('converts within a category only', () => {
    expect(convert(12, 'inch', 'foot')).toBeCloseTo(1);
    expect(convert(32, 'fahrenheit', 'celsius')).toBe(0);
    expect(convert(100, 'celsius', 'fahrenheit')).toBe(212);
    expect(convert(1024, 'byte', 'kilobyte')).toBe(1);
    expect(convert(1, 'inch', 'byte')).toBeNull();
  });

  it('rounds from the exact value of the double the arithmetic produced', () => {
    // 15.3 parsecs in miles is the double 293354727123709.625, whose shortest form ends in .6.
    const miles = convert(15.3, 'parsec', 'mile') ?? 0;
    expect(exactDecimal(miles)).toBe('293354727123709.625');
    expect(exactDecimal(0.1)).toMatch(/^0\.1000000000000000055511/);
  });

  it('picks the largest unit of the ladder that keeps the value at least 1', () => {
    expect(bestUnit(12345, 'inch', ladder('length', 'us'))).toBe('yard');
    expect(bestUnit(15789655, 'byte', ladder('digital', 'us'))).toBe('megabyte');
    expect(bestUnit(15789655 * 8, 'bit', ladder('digital', 'us', 'bits'))).toBe('megabit');
    expect(bestUnit(0.5, 'inch', ladder('length', 'us'))).toBe('inch');
  });

  it('splits sequences into whole units with the fraction on the last, dropping zeros', () => {
    const [feet, inches] = splitSequence(12345, 'inch', ['foot', 'inch']);
    expect(feet).toEqual(['foot', 1028]);
    expect(inches?.[0]).toBe('inch');
    expect(inches?.[1]).toBeCloseTo(9, 9);
    expect(splitSequence(0.123, 'arc-minute', ['arc-minute', 'arc-second'])[0]?.[0]).toBe(
      'arc-second',
    );
    expect(splitSequence(-90, 'minute', ['hour', 'minute'])).toEqual([
      ['hour', -1],
      ['minute', 30],
    ]);
  });
});

describe('unit formatter', () => {
  const engine = createEngine();
  const render = (template: string, context: unknown, locale?: string): string =>
    engine.render(template, context, { locale }).output;

  it('prints narrow patterns with one fraction digit and no grouping by default', () => {
    expect(render('{n|unit in:inch out:foot}', { n: '123456' })).toBe('10288′');
    expect(render('{n|unit in:inch out:foot group format:long}', { n: '123456' })).toBe(
      '10,288 feet',
    );
    expect(render('{n|unit in:second sequence:hour,minute,second format:short}', { n: 3725 })).toBe(
      '1 hr 2 min 5 sec',
    );
  });

  it('prints nothing without a number, a known input unit or locale data', () => {
    expect(render('{n|unit in:inch}', { n: 'abc' })).toBe('');
    expect(render('{n|unit in:parsnip}', { n: 1 })).toBe('');
    expect(render('{n|unit in:inch}', { n: 1 }, 'none')).toBe('');
  });

  it('falls back to the readable unit when an out list names an unknown unit', () => {
    expect(render('{n|unit in:mile out:mile,foot.inch}', { n: '10.351' })).toBe('10.4mi');
  });
});
