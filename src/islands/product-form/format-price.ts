/** Prices as the page prints them: the site's CLDR format (or the legacy one), from minor units. */
import {
  formatCldrMoney,
  formatLegacyMoney,
  fractionDigits,
  isSupportedCurrency,
  minorToMajor,
} from '../../shared/money/index.ts';
import type { ProductFormProps } from './props.ts';

export function priceFormatter(money: ProductFormProps['money']): (cents: number) => string {
  const code = isSupportedCurrency(money.currency) ? money.currency : 'USD';
  return (cents) => {
    const major = minorToMajor(Math.trunc(cents), fractionDigits(code));
    return money.cldr
      ? formatCldrMoney(major, code, money.locale)
      : formatLegacyMoney(major, code, money.locale);
  };
}
