import { describe, expect, it } from 'vitest';
import { characterCount, counterMaximum } from './character-counter.ts';

describe('characterCount', () => {
  it("shows 'n / max' and is not over up to the maximum", () => {
    expect(characterCount('', 200)).toEqual({ text: '0 / 200', over: false });
    expect(characterCount('abc', 3)).toEqual({ text: '3 / 3', over: false });
  });

  it('is over past the maximum (the error style)', () => {
    expect(characterCount('abcd', 3)).toEqual({ text: '4 / 3', over: true });
  });

  it('counts code points, as the server does', () => {
    expect(characterCount('😀😀', 2)).toEqual({ text: '2 / 2', over: false });
  });

  it('is disabled by a maximum of 0 or an invalid one', () => {
    for (const max of [0, -1, 2.5, Number.NaN, Infinity, undefined, null, 'abc', '', {}]) {
      expect(characterCount('text', max)).toBeUndefined();
    }
  });

  it('takes a numeric text maximum', () => {
    expect(counterMaximum('50')).toBe(50);
    expect(characterCount('hi', '50')).toEqual({ text: '2 / 50', over: false });
  });
});
