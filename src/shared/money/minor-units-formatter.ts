/**
 * Amounts in minor units printed as the page prints them: the site's CLDR money format, or the
 * legacy one when the site turned CLDR formatting off. Browser code that redraws a price uses
 * this, so a redrawn price reads like the server-rendered one.
 */
import { fractionDigits, isSupportedCurrency } from './currencies.ts';
import { minorToMajor } from './decimal.ts';
import { formatCldrMoney, formatLegacyMoney } from './money.ts';

export interface MoneyStyle {
  readonly currency: string;
  readonly locale: string;
  /** The site's `useCLDRMoneyFormat`. */
  readonly cldr: boolean;
}

export function minorUnitsFormatter(style: MoneyStyle): (cents: number) => string {
  const code = isSupportedCurrency(style.currency) ? style.currency : 'USD';
  return (cents) => {
    const major = minorToMajor(Math.trunc(cents), fractionDigits(code));
    return style.cldr
      ? formatCldrMoney(major, code, style.locale)
      : formatLegacyMoney(major, code, style.locale);
  };
}
