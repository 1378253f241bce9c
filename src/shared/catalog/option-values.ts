/**
 * How each option value is offered (docs/behaviour/products-and-variants.md#variant-selection):
 * - with product branching, a value no variant combines with the other choices is not offered;
 * - a value that would complete a sold-out variant is marked once it is the option left to
 *   choose (every other option chosen): in dropdowns with the suffix ' (Sold Out)' when the
 *   store's 'sold-out dropdown disabled' and 'restock notifications enabled' settings are both
 *   off, and in the radio layout with the unavailable marker under the same settings;
 * - with 'sold-out dropdown disabled' on (and restock notifications off) such a value is not
 *   offered at all; with restock notifications on it stays choosable unmarked, so the shopper
 *   can pick it and sign up for its restock notice.
 */
import type { ChoosableVariant } from '../cart/choose-variant.ts';
import { isCompatible } from './variant-branching.ts';
import {
  isChosen,
  matchVariant,
  withChoice,
  type ProductOption,
  type Selection,
} from './variant-selection.ts';
import { isSoldOutVariant, type StockLevel } from './stock-state.ts';

export const SOLD_OUT_SUFFIX = ' (Sold Out)';

export type VariantLayout = 'dropdown' | 'radio';

export interface SoldOutSettings {
  readonly soldOutDropdownDisabled: boolean;
  readonly restockNotificationsEnabled: boolean;
}

export interface OptionValueState {
  readonly value: string;
  /** The text shown: the value, with ' (Sold Out)' in a dropdown when the rule above says so. */
  readonly label: string;
  /** False when branching narrows it away: no variant combines it with the other choices. */
  readonly compatible: boolean;
  /** False when the shopper cannot choose it (narrowed away, or sold out with disabling on). */
  readonly enabled: boolean;
  /** The radio layout's unavailable marker. */
  readonly unavailable: boolean;
}

export interface OptionState {
  readonly name: string;
  readonly values: readonly OptionValueState[];
}

export interface OptionStatesInput<V extends ChoosableVariant & StockLevel> {
  readonly options: readonly ProductOption[];
  readonly variants: readonly V[];
  readonly selection: Selection;
  readonly layout: VariantLayout;
  readonly branching: boolean;
  /** Whether this product's variants run out (physical goods and services). */
  readonly tracksStock: boolean;
  readonly settings: SoldOutSettings;
}

/** Whether every option other than `option` is chosen: `option` is the one left to choose. */
function isLastToChoose(names: readonly string[], selection: Selection, option: string): boolean {
  return names.every((name) => name === option || isChosen(selection, name));
}

export function optionStates<V extends ChoosableVariant & StockLevel>(
  input: OptionStatesInput<V>,
): OptionState[] {
  const { options, variants, selection, settings } = input;
  const names = options.map((option) => option.name);
  const marksSoldOut = !settings.restockNotificationsEnabled;
  return options.map((option) => {
    const judged =
      input.tracksStock && marksSoldOut && isLastToChoose(names, selection, option.name);
    return {
      name: option.name,
      values: option.values.map((value): OptionValueState => {
        const compatible =
          !input.branching || isCompatible(variants, names, selection, option.name, value);
        const completed = judged
          ? matchVariant(variants, names, withChoice(selection, option.name, value))
          : undefined;
        const soldOut = completed !== undefined && isSoldOutVariant(completed);
        const disabled = soldOut && settings.soldOutDropdownDisabled;
        const marked = soldOut && !settings.soldOutDropdownDisabled;
        return {
          value,
          label: marked && input.layout === 'dropdown' ? `${value}${SOLD_OUT_SUFFIX}` : value,
          compatible,
          enabled: compatible && !disabled,
          unavailable: marked && input.layout === 'radio',
        };
      }),
    };
  });
}
