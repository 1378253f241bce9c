import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors.ts';
import {
  isQuantityInRange,
  parseQuantity,
  QUANTITY_DEFAULT,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from './quantity.ts';

describe('parseQuantity', () => {
  it('keeps the spec limits: min 1, max 9999, default 1', () => {
    expect([QUANTITY_MIN, QUANTITY_MAX, QUANTITY_DEFAULT]).toEqual([1, 9999, 1]);
    expect(parseQuantity(undefined)).toEqual({ ok: true, quantity: 1 });
  });

  it('accepts whole numbers in range, as numbers or as form text', () => {
    expect(parseQuantity(1)).toEqual({ ok: true, quantity: 1 });
    expect(parseQuantity(9999)).toEqual({ ok: true, quantity: 9999 });
    expect(parseQuantity(' 3 ')).toEqual({ ok: true, quantity: 3 });
    expect(parseQuantity('2.0')).toEqual({ ok: true, quantity: 2 });
  });

  it.each([
    ['abc'],
    [''],
    ['0x10'],
    [null],
    [true],
    [{}],
    [[]],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    ['1,5'],
  ])('refuses %j as not a number', (value) => {
    expect(parseQuantity(value)).toEqual({ ok: false, problem: 'QUANTITY_NOT_A_NUMBER' });
  });

  it.each([[1.5], ['2.25'], [-0.5]])('refuses %j as not whole', (value) => {
    expect(parseQuantity(value)).toEqual({ ok: false, problem: 'QUANTITY_NOT_WHOLE' });
  });

  it.each([[0], [-1], [10000], [1e20], ['99999999999999999999']])(
    'refuses %j as out of range',
    (value) => {
      expect(parseQuantity(value)).toEqual({ ok: false, problem: 'QUANTITY_OUT_OF_RANGE' });
    },
  );

  it("maps each problem to the spec's message", () => {
    expect(ERRORS.QUANTITY_NOT_A_NUMBER.message).toBe('Quantity must be a number.');
    expect(ERRORS.QUANTITY_NOT_WHOLE.message).toBe('Quantity must be a whole number');
    expect(ERRORS.QUANTITY_OUT_OF_RANGE.message).toBe('Quantity must be between 1 and 9999.');
  });

  it('checks a merged quantity against the same range', () => {
    expect(isQuantityInRange(9999)).toBe(true);
    expect(isQuantityInRange(10000)).toBe(false);
    expect(isQuantityInRange(0)).toBe(false);
  });
});
