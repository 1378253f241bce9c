import { describe, expect, it } from 'vitest';
import { sameAnswers } from './same-answers.ts';

describe('sameAnswers judges as jsonb equality does', () => {
  it('null equals only null', () => {
    expect(sameAnswers(null, null)).toBe(true);
    expect(sameAnswers(null, {})).toBe(false);
    expect(sameAnswers({}, null)).toBe(false);
  });

  it('objects with the same keys and values, in any order', () => {
    expect(sameAnswers({ a: 'x', b: ['1', '2'] }, { b: ['1', '2'], a: 'x' })).toBe(true);
    expect(
      sameAnswers({ a: { first: 'Ada', last: 'L' } }, { a: { last: 'L', first: 'Ada' } }),
    ).toBe(true);
  });

  it('a missing, extra or different key, a different value or order in a list', () => {
    expect(sameAnswers({ a: 'x' }, { a: 'x', b: '' })).toBe(false);
    expect(sameAnswers({ a: 'x', b: '' }, { a: 'x' })).toBe(false);
    expect(sameAnswers({ a: 'x' }, { b: 'x' })).toBe(false);
    expect(sameAnswers({ a: 'x' }, { a: 'y' })).toBe(false);
    expect(sameAnswers({ a: ['1', '2'] }, { a: ['2', '1'] })).toBe(false);
    expect(sameAnswers({ a: ['1'] }, { a: ['1', '1'] })).toBe(false);
  });

  it('a list is not an object with index keys, a string is not a number', () => {
    expect(sameAnswers({ a: ['x'] }, { a: { 0: 'x' } })).toBe(false);
    expect(sameAnswers({ a: '1' }, { a: 1 })).toBe(false);
    expect(sameAnswers({}, [])).toBe(false);
  });
});
