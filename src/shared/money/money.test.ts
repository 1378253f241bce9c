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
    expect(formatLegacyMoney('-1234.56', 'SEK', 'en-US')).toBe('-1,234.56 kr');
    expect(formatLegacyMoney('-1234.56', 'SEK', 'sv-SE')).toBe('-1\u00a0234,56 kr');
    expect(formatLegacyMoney('1234.56', 'JPY', 'de_DE')).toBe('1.235¥');
  });
  it('trails kr for DKK, NOK and SEK in every locale', () => {
    for (const code of ['DKK', 'NOK', 'SEK']) {
      expect(formatLegacyMoney('1234.5', code, 'en-US')).toBe('1,234.50 kr');
      expect(formatLegacyMoney('-1234.5', code, 'en-GB')).toBe('-1,234.50 kr');
      expect(formatLegacyMoney('1234.5', code, 'de-CH')).toBe("1'234.50 kr");
    }
  });
  it('leads the whole amount with the minus sign', () => {
    expect(formatLegacyMoney('-1234.5', 'CHF', 'en-US')).toBe('-CHF 1,234.50');
    expect(formatLegacyMoney('1234.5', 'CHF', 'en-US')).toBe('CHF 1,234.50');
    expect(formatLegacyMoney('-1234.5', 'USD', 'en-US')).toBe('-$1,234.50');
    expect(formatLegacyMoney('-1234.5', 'EUR', 'de-DE')).toBe('-1.234,50€');
    expect(formatLegacyMoney('-1234.5', 'MYR', 'en-US')).toBe('-RM 1,234.50');
  });
  it('prints 15 integer places and refuses more rather than print a different amount', () => {
    expect(formatLegacyMoney('123456789012345.99', 'USD')).toBe('$123,456,789,012,345.99');
    expect(formatPlainMoney('123456789012345', 'USD')).toBe('123,456,789,012,345.00');
    expect(() => formatLegacyMoney('1234567890123456789.99', 'USD')).toThrow(RangeError);
    expect(() => formatLegacyMoney('-1234567890123456.5', 'SEK', 'sv-SE')).toThrow(
      /more than 15 integer places/,
    );
    expect(() => formatPlainMoney('1234567890123456789', 'USD')).toThrow(
      /more than 15 integer places/,
    );
    // Rounding that carries into a 16th place is refused too.
    expect(() => formatPlainMoney('999999999999999.999', 'USD')).toThrow(RangeError);
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
  it('formats every supported currency as Intl does, in en-US and a second locale', () => {
    const pairs: [string, string][] = [
      ['EUR', 'de-DE'],
      ['USD', 'es-US'],
      ['AUD', 'en-AU'],
      ['NOK', 'nb-NO'],
      ['CAD', 'fr-CA'],
      ['NZD', 'en-NZ'],
      ['DKK', 'da-DK'],
      ['GBP', 'en-GB'],
      ['HKD', 'zh-HK'],
      ['CHF', 'de-CH'],
      ['MXN', 'es-MX'],
      ['SGD', 'en-SG'],
      ['SEK', 'sv-SE'],
      ['CZK', 'cs-CZ'],
      ['ILS', 'he-IL'],
      ['PHP', 'fil-PH'],
      ['RUB', 'ru-RU'],
      ['PLN', 'pl-PL'],
      ['THB', 'th-TH'],
      ['MYR', 'ms-MY'],
      ['ARS', 'es-AR'],
      ['BRL', 'pt-BR'],
      ['COP', 'es-CO'],
      ['IDR', 'id-ID'],
      ['INR', 'hi-IN'],
      ['JPY', 'ja-JP'],
      ['ZAR', 'en-ZA'],
    ];
    expect(pairs.map(([c]) => c).sort()).toEqual(Object.keys(CURRENCIES).sort());
    for (const [code, other] of pairs) {
      const digits = fractionDigits(code);
      for (const locale of ['en-US', other]) {
        const intl = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: code,
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        for (const amount of ['1234567.891', '-0.5', '0']) {
          expect(formatCldrMoney(amount, code, locale), `${amount} ${code} ${locale}`).toBe(
            intl.format(Number(roundDecimal(amount, digits))),
          );
        }
      }
    }
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
