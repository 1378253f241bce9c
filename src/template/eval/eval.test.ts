import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';

const engine = createEngine();
const ev = (code: string, ctx: unknown = {}) => engine.render(`{.eval ${code}}`, ctx).output;

describe('{.eval}', () => {
  it('follows JavaScript arithmetic and comparison', () => {
    expect(ev('1 + 2 * 3')).toBe('7');
    expect(ev('2 ** 3 ** 2')).toBe('512');
    expect(ev('5 % 0')).toBe('NaN');
    expect(ev('"a" + 1')).toBe('a1');
    expect(ev('"1" == 1')).toBe('true');
    expect(ev('"1" === 1')).toBe('false');
    expect(ev('0 < "0x01"')).toBe('true');
    expect(ev('~5')).toBe('-6');
    expect(ev('1 +++ 2')).toBe('3');
  });

  it('prints the last statement, nothing after an assignment', () => {
    expect(ev('1 2 3')).toBe('3');
    expect(ev('1; 2, 3')).toBe('3');
    expect(ev('@a = 2')).toBe('');
    expect(ev('@a = 2; @b = @a * 3; @b')).toBe('6');
  });

  it('reads paths and variables, constants and functions', () => {
    expect(ev('a.b + 1', { a: { b: 2 } })).toBe('3');
    expect(ev('max(1, 5, 2) + min(3, 2) + abs(-1)')).toBe('8');
    expect(ev('num("0x10") str(0.5) bool(0)')).toBe('false');
    expect(ev('PI')).toBe(String(Math.PI));
    expect(ev("'\\u2018x\\u2019'")).toBe('\u2018x\u2019');
  });

  it('keeps assigned variables in the enclosing scope', () => {
    expect(engine.render('{.eval @w = 3}{@w}', {}).output).toBe('3');
  });
});
