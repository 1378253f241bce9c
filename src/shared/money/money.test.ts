import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencyInfo, fractionDigits } from './currencies.ts';
import { majorToMinor, minorToMajor, roundDecimal } from './decimal.ts';
import {
  formatCldrMoney,
  formatLegacyMoney,
  formatPlainMoney,
  readMoney,
  requireMoney,
} from './money.ts';

describe('currency table', () => {
  it('holds the 27 supported currencies with JPY at 0 fraction digits', () => {
    const codes =
      'EUR USD AUD NOK CAD NZD DKK GBP HKD CHF MXN SGD SEK CZK ILS PHP RUB PLN THB MYR ARS BRL COP IDR INR JPY ZAR'.split(
        ' ',
      );
    expect(Object.keys(CURRENCIES).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(fractionDigits(code)).toBe(code === 'JPY' ? 0 : 2);
    expect(currencyInfo('USD').numeric).toBe(840);
    expect(currencyInfo('XXX').fractionDigits).toBe(2);
  });
});

describe('decimal arithmetic', () => {
  it('rounds half away from zero without float error', () => {
    expect(roundDecimal('1.005', 2)).toBe('1.01');
    expect(roundDecimal('1234.56', 0)).toBe('1235');
    expect(roundDecimal(-1234.56, 0)).toBe('-1235');
    expect(roundDecimal('.5', 2)).toBe('0.50');
    expect(roundDecimal('-0.001', 2)).toBe('0.00');
    expect(roundDecimal('9.999', 2)).toBe('10.00');
    expect(roundDecimal('1e3', 2)).toBe('1000.00');
    expect(roundDecimal('abc', 2)).toBeNull();
  });
  it('converts minor and major units by the currency digits', () => {
    expect(minorToMajor(12345, 2)).toBe('123.45');
    expect(minorToMajor(-5, 2)).toBe('-0.05');
    expect(minorToMajor(500, 0)).toBe('500');
    expect(majorToMinor('1.00', 2)).toBe(100);
    expect(majorToMinor('.75', 2)).toBe(75);
    expect(majorToMinor('1234.5', 0)).toBe(1235);
  });
});

describe('money values', () => {
  it('reads template-data money and defaults the currency to USD', () => {
    expect(readMoney({ value: '1.00' })).toEqual({ decimal: '1.00', currency: 'USD' });
    expect(readMoney({ decimalValue: 12.5, currencyCode: 'EUR' })).toEqual({
      decimal: '12.5',
      currency: 'EUR',
    });
    expect(readMoney({ foo: 'bar' })).toBeNull();
  });
  it('throws a clear error for something that is not money', () => {
    expect(() => requireMoney({ foo: 'bar' })).toThrow(/Expected a money value/);
    expect(() => requireMoney(12)).toThrow(TypeError);
  });
});

describe('legacy money format', () => {
  it('places symbols by locale and currency', () => {
    expect(formatLegacyMoney('1234.56', 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatLegacyMoney('-1234.56', 'AUD', 'en-US')).toBe('-A$1,234.56');
    expect(formatLegacyMoney('1234.56', 'EUR', 'de-DE')).toBe('1.234,56€');
    expect(formatLegacyMoney('1234.56', 'AUD', 'fr-FR')).toBe('1\u00a0234,56 A$');
    expect(formatLegacyMoney('-1234.56', 'SEK', 'en-US')).toBe('kr -1,234.56');
    expect(formatLegacyMoney('-1234.56', 'SEK', 'sv-SE')).toBe('-1\u00a0234,56 kr');
    expect(formatLegacyMoney('1234.56', 'JPY', 'de_DE')).toBe('1.235¥');
  });
  it('keeps at most 15 integer places', () => {
    expect(formatPlainMoney('1234567890123456789', 'USD')).toBe('567,890,123,456,789.00');
  });
  it('formats plain amounts with the currency digits', () => {
    expect(formatPlainMoney('2500.5', 'USD')).toBe('2,500.50');
    expect(formatPlainMoney('2500.5', 'JPY')).toBe('2,501');
  });
  it('formats CLDR money through Intl', () => {
    expect(formatCldrMoney('2500', 'USD', 'en-US')).toBe('$2,500.00');
    expect(formatCldrMoney('2500', 'EUR', 'de-DE')).toBe('2.500,00\u00a0€');
    expect(formatCldrMoney('-1234.56', 'USD', 'en-US', { currencySign: 'accounting' })).toBe(
      '($1,234.56)',
    );
  });
});

describe('majorToMinor fast path', () => {
  it('agrees with exact rounding on plain and unusual inputs', () => {
    for (const [v, d] of [
      ['1.00', 2],
      ['.75', 2],
      ['12', 2],
      ['12.', 2],
      ['0.5', 0],
      ['1.005', 2],
      ['.', 2],
      ['', 2],
      ['-1.5', 2],
      ['1e2', 2],
      ['999999999999.99', 2],
    ] as const) {
      const exact = roundDecimal(v, d);
      expect(majorToMinor(v, d), `${v}`).toBe(
        exact === null ? null : Number(exact.replace('.', '')),
      );
    }
  });
});
