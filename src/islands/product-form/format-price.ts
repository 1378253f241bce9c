/** Prices as the page prints them: the site's CLDR format (or the legacy one), from minor units. */
import { minorUnitsFormatter } from '../../shared/money/index.ts';
import type { ProductFormProps } from './props.ts';

export function priceFormatter(money: ProductFormProps['money']): (cents: number) => string {
  return minorUnitsFormatter(money);
}
