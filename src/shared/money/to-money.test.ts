import { describe, expect, it } from 'vitest';
import { NotMoneyError, toMinorUnits, toMoney, ZERO_MONEY } from './to-money.ts';

describe('toMoney', () => {
  it('turns minor units into major-unit decimal strings with both field spellings', () => {
    expect(toMoney(12345, 'USD')).toEqual({
      value: '123.45',
      decimalValue: '123.45',
      currency: 'USD',
      currencyCode: 'USD',
    });
    expect(toMoney(5, 'EUR').value).toBe('0.05');
    expect(toMoney(-250, 'GBP').value).toBe('-2.50');
    expect(toMoney(1200, 'JPY').value).toBe('1200');
  });

  it('defaults to USD and 0 USD is the default money', () => {
    expect(toMoney(100).currency).toBe('USD');
    expect(ZERO_MONEY).toEqual({
      value: '0.00',
      decimalValue: '0.00',
      currency: 'USD',
      currencyCode: 'USD',
    });
  });

  it('refuses fractional minor units and unsupported currencies', () => {
    expect(() => toMoney(1.5, 'USD')).toThrow(NotMoneyError);
    expect(() => toMoney(Number.NaN, 'USD')).toThrow(/whole number of minor units/);
    expect(() => toMoney(100, 'XXX')).toThrow(/Unsupported currency "XXX"/);
  });
});

describe('toMinorUnits', () => {
  it('reads either field spelling back into minor units', () => {
    expect(toMinorUnits(toMoney(12345, 'EUR'))).toEqual({ minorUnits: 12345, currency: 'EUR' });
    expect(toMinorUnits({ value: '19.99', currency: 'USD' })).toEqual({
      minorUnits: 1999,
      currency: 'USD',
    });
    expect(toMinorUnits({ decimalValue: 500, currencyCode: 'JPY' })).toEqual({
      minorUnits: 500,
      currency: 'JPY',
    });
  });

  it('throws a clear error for anything that is not money', () => {
    expect(() => toMinorUnits(12)).toThrow(NotMoneyError);
    expect(() => toMinorUnits({ foo: 'bar' })).toThrow(/Expected a money value/);
    expect(() => toMinorUnits(null)).toThrow(NotMoneyError);
  });
});
