// The supported currencies (docs/behaviour/money-and-time.md#currencies): ISO code, name, fraction
// digits (2 except JPY 0), ISO numeric code and the symbol of the legacy money format.

export interface Currency {
  code: string;
  name: string;
  fractionDigits: number;
  numeric: number;
  /** Symbol used by the legacy (non-CLDR) money format. */
  symbol: string;
}

const table: readonly (readonly [string, string, number, number, string])[] = [
  ['EUR', 'Euro', 2, 978, '€'],
  ['USD', 'US Dollar', 2, 840, '$'],
  ['AUD', 'Australian Dollar', 2, 36, 'A$'],
  ['NOK', 'Norwegian Krone', 2, 578, 'kr'],
  ['CAD', 'Canadian Dollar', 2, 124, 'C$'],
  ['NZD', 'New Zealand Dollar', 2, 554, 'NZ$'],
  ['DKK', 'Danish Krone', 2, 208, 'kr'],
  ['GBP', 'British Pound', 2, 826, '£'],
  ['HKD', 'Hong Kong Dollar', 2, 344, 'HK$'],
  ['CHF', 'Swiss Franc', 2, 756, 'CHF'],
  ['MXN', 'Mexican Peso', 2, 484, 'MX$'],
  ['SGD', 'Singapore Dollar', 2, 702, 'S$'],
  ['SEK', 'Swedish Krona', 2, 752, 'kr'],
  ['CZK', 'Czech Koruna', 2, 203, 'Kč'],
  ['ILS', 'Israeli New Shekel', 2, 376, '₪'],
  ['PHP', 'Philippine Peso', 2, 608, '₱'],
  ['RUB', 'Russian Ruble', 2, 643, '₽'],
  ['PLN', 'Polish Zloty', 2, 985, 'zł'],
  ['THB', 'Thai Baht', 2, 764, '฿'],
  ['MYR', 'Malaysian Ringgit', 2, 458, 'RM'],
  ['ARS', 'Argentine Peso', 2, 32, 'ARS'],
  ['BRL', 'Brazilian Real', 2, 986, 'R$'],
  ['COP', 'Colombian Peso', 2, 170, 'COP'],
  ['IDR', 'Indonesian Rupiah', 2, 360, 'Rp'],
  ['INR', 'Indian Rupee', 2, 356, '₹'],
  ['JPY', 'Japanese Yen', 0, 392, '¥'],
  ['ZAR', 'South African Rand', 2, 710, 'R'],
];

export const CURRENCIES: Readonly<Record<string, Currency>> = Object.freeze(
  Object.fromEntries(
    table.map(([code, name, fractionDigits, numeric, symbol]) => [
      code,
      Object.freeze({ code, name, fractionDigits, numeric, symbol }),
    ]),
  ),
);

export const DEFAULT_CURRENCY = 'USD';

export function isSupportedCurrency(code: string): boolean {
  return Object.hasOwn(CURRENCIES, code);
}

/** The currency's entry; unknown codes get 2 fraction digits and the code as symbol. */
export function currencyInfo(code: string): Currency {
  return CURRENCIES[code] ?? { code, name: code, fractionDigits: 2, numeric: 0, symbol: code };
}

export function fractionDigits(code: string): number {
  return currencyInfo(code).fractionDigits;
}
