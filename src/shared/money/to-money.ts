// Money objects as template data and APIs carry them (docs/behaviour/api-and-data-rules.md#money-in-minor-units): built from integer
// minor units plus an ISO code, and read back into minor units. Anything that is not
// money is refused with a clear error (docs/behaviour/money-and-time.md#money).
import { currencyInfo, DEFAULT_CURRENCY, isSupportedCurrency } from './currencies.ts';
import { majorToMinor, minorToMajor } from './decimal.ts';
import { readMoney, requireMoney } from './money.ts';

/** `value`/`decimalValue`: decimal strings in major units; `currency`/`currencyCode`: the ISO code. */
export interface Money {
  readonly value: string;
  readonly decimalValue: string;
  readonly currency: string;
  readonly currencyCode: string;
}

export class NotMoneyError extends TypeError {
  override name = 'NotMoneyError';
}

/** 12345 USD → { value: "123.45", … }; 500 JPY → "500". Throws on fractional minor units or an unsupported code. */
export function toMoney(minorUnits: number, currency: string = DEFAULT_CURRENCY): Money {
  if (!Number.isSafeInteger(minorUnits))
    throw new NotMoneyError(
      `Money needs a whole number of minor units (cents), got ${String(minorUnits)}`,
    );
  if (!isSupportedCurrency(currency))
    throw new NotMoneyError(`Unsupported currency ${JSON.stringify(currency)}`);
  const value = minorToMajor(minorUnits, currencyInfo(currency).fractionDigits);
  return { value, decimalValue: value, currency, currencyCode: currency };
}

/** The default money (docs/behaviour/money-and-time.md#money): 0 USD. */
export const ZERO_MONEY: Money = Object.freeze(toMoney(0));

/** Integer minor units of a Money object (either spelling of its fields); throws when `v` is not money. */
export function toMinorUnits(v: unknown): { minorUnits: number; currency: string } {
  const m = readMoney(v);
  if (!m) {
    // requireMoney's message names the expected shape and what was given.
    try {
      requireMoney(v);
    } catch (e) {
      throw new NotMoneyError(e instanceof Error ? e.message : String(e));
    }
    throw new NotMoneyError('Expected a money value');
  }
  const minorUnits = majorToMinor(m.decimal, currencyInfo(m.currency).fractionDigits);
  if (minorUnits === null) throw new NotMoneyError(`Not a decimal amount: ${m.decimal}`);
  return { minorUnits, currency: m.currency };
}
