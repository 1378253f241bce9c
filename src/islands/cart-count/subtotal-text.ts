/** A cart subtotal as widgets print it: minor units in the site's currency and CLDR format. */
import {
  formatCldrMoney,
  fractionDigits,
  isSupportedCurrency,
  minorToMajor,
} from '../../shared/money/index.ts';

export function subtotalText(cents: number, currency: string, locale: string): string {
  const code = isSupportedCurrency(currency) ? currency : 'USD';
  return formatCldrMoney(minorToMajor(Math.trunc(cents), fractionDigits(code)), code, locale);
}
