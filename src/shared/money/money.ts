// Money values as they appear in template data, and the platform's legacy money format
// (thousands grouping, max 15 integer places, rounding to the currency's fraction
// digits, leading minus sign, symbol placement by locale and currency).
import { currencyInfo, DEFAULT_CURRENCY } from './currencies.ts';
import { groupThousands, parseDecimal, roundDecimal } from './decimal.ts';

/** Template-data money: `value`/`decimalValue` are decimal strings in major units. */
export interface MoneyValue {
  /** Major units as a decimal string. */
  decimal: string;
  currency: string;
}

export const MAX_INTEGER_PLACES = 15;

/** The usual shape of template money amounts, checked before the general parser. */
const PLAIN_DECIMAL = /^-?\d*\.?\d+$|^-?\d+\.$/;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads a template-data Money object; null when `v` is not one. */
export function readMoney(v: unknown): MoneyValue | null {
  if (!isObject(v)) return null;
  const amount = v.decimalValue ?? v.value;
  if (typeof amount !== 'string' && typeof amount !== 'number') return null;
  if (
    !(typeof amount === 'number' ? Number.isFinite(amount) : PLAIN_DECIMAL.test(amount)) &&
    parseDecimal(amount) === null
  ) {
    return null;
  }
  const code = v.currencyCode ?? v.currency;
  return {
    decimal: String(amount),
    currency: typeof code === 'string' && code !== '' ? code : DEFAULT_CURRENCY,
  };
}

/** The shared helpers refuse anything that is not money, with a clear message. */
export function requireMoney(v: unknown): MoneyValue {
  const m = readMoney(v);
  if (!m)
    throw new TypeError(
      `Expected a money value ({ value | decimalValue, currency | currencyCode }), got ${JSON.stringify(v) ?? String(v)}`,
    );
  return m;
}

interface LegacyConventions {
  group: string;
  decimal: string;
  symbolAfter: boolean;
}

const NBSP = '\u00a0';
const EN: LegacyConventions = { group: ',', decimal: '.', symbolAfter: false };
// Per-language conventions of the legacy format; regions override where they differ.
const LEGACY: Record<string, LegacyConventions> = {
  en: EN,
  ja: EN,
  zh: EN,
  ko: EN,
  es: { group: '.', decimal: ',', symbolAfter: true },
  'es-US': EN,
  'es-MX': EN,
  de: { group: '.', decimal: ',', symbolAfter: true },
  'de-CH': { group: "'", decimal: '.', symbolAfter: false },
  fr: { group: NBSP, decimal: ',', symbolAfter: true },
  'fr-CA': { group: NBSP, decimal: ',', symbolAfter: true },
  sv: { group: NBSP, decimal: ',', symbolAfter: true },
  nb: { group: NBSP, decimal: ',', symbolAfter: true },
  no: { group: NBSP, decimal: ',', symbolAfter: true },
  da: { group: '.', decimal: ',', symbolAfter: true },
  fi: { group: NBSP, decimal: ',', symbolAfter: true },
  pl: { group: NBSP, decimal: ',', symbolAfter: true },
  cs: { group: NBSP, decimal: ',', symbolAfter: true },
  ru: { group: NBSP, decimal: ',', symbolAfter: true },
  it: { group: '.', decimal: ',', symbolAfter: true },
  nl: { group: '.', decimal: ',', symbolAfter: false },
  pt: { group: '.', decimal: ',', symbolAfter: false },
};

function conventions(locale: string): LegacyConventions {
  const [lang = 'en', region] = locale.replace('_', '-').split('-');
  return LEGACY[`${lang}-${region ?? ''}`] ?? LEGACY[lang] ?? EN;
}

const LETTER = /\p{L}/u;

/** The krone and krona symbol "kr" trails the amount in every locale. */
const TRAILING_SYMBOL = new Set(['DKK', 'NOK', 'SEK']);

/**
 * The integer and fraction digits of `rounded` (no sign). More integer places than the
 * format holds is refused: dropping the leading digits would print a different amount.
 */
function splitDigits(rounded: string, currency: string): [string, string | undefined] {
  const [int = '0', frac] = rounded.replace('-', '').split('.');
  if (int.length > MAX_INTEGER_PLACES)
    throw new RangeError(
      `Money amount ${rounded} ${currency} has more than ${MAX_INTEGER_PLACES} integer places`,
    );
  return [int, frac];
}

/** The legacy money format, e.g. "$1,234.56", "-€1,234.56", "1.234,56 A$", "-1,234.56 kr". */
export function formatLegacyMoney(
  amount: number | string,
  currency: string,
  locale = 'en-US',
): string {
  const info = currencyInfo(currency);
  const rounded =
    roundDecimal(amount, info.fractionDigits) ?? roundDecimal(0, info.fractionDigits) ?? '0';
  const [int, frac] = splitDigits(rounded, currency);
  const c = conventions(locale);
  const digits = groupThousands(int, c.group) + (frac !== undefined ? c.decimal + frac : '');
  // The minus sign leads the whole amount, symbol included.
  const sign = rounded.startsWith('-') ? '-' : '';
  const symbol = info.symbol;
  if (c.symbolAfter || TRAILING_SYMBOL.has(info.code))
    return `${sign}${digits}${LETTER.test(symbol.charAt(0)) ? ' ' : ''}${symbol}`;
  // A symbol that ends in a letter ("CHF") is set apart from the digits.
  if (LETTER.test(symbol.charAt(symbol.length - 1))) return `${sign}${symbol} ${digits}`;
  return `${sign}${symbol}${digits}`;
}

/** Major units with the currency's fraction digits and `,` grouping, no symbol ("2,500.00"). */
export function formatPlainMoney(amount: number | string, currency: string): string {
  const rounded = roundDecimal(amount, currencyInfo(currency).fractionDigits) ?? '0';
  const [int, frac] = splitDigits(rounded, currency);
  return `${rounded.startsWith('-') ? '-' : ''}${groupThousands(int, ',')}${frac !== undefined ? '.' + frac : ''}`;
}

/** CLDR money through Intl (`useCLDRMoneyFormat`): "$2,500.00", "2.500,00 €". */
export function formatCldrMoney(
  amount: number | string,
  currency: string,
  locale = 'en-US',
  options: Intl.NumberFormatOptions = {},
): string {
  const digits = currencyInfo(currency).fractionDigits;
  const key = `${locale}|${currency}|${JSON.stringify(options)}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    // Building an Intl.NumberFormat costs far more than using one: keep them.
    fmt = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      ...options,
    });
    if (formatters.size > 500) formatters.clear();
    formatters.set(key, fmt);
  }
  return fmt.format(Number(roundDecimal(amount, digits) ?? 0));
}

const formatters = new Map<string, Intl.NumberFormat>();
