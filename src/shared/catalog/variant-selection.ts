/**
 * Choosing a variant one option at a time (docs/behaviour/products-and-variants.md#variant-selection): the options in
 * `variantOptionOrdering`, each option's values in the order the variants first use them, and
 * the variant found by exact attribute match once every option is chosen.
 */
import {
  optionNames,
  type ChoosableProduct,
  type ChoosableVariant,
} from '../cart/choose-variant.ts';

/** Option name → chosen value; a missing or empty value means "not chosen yet". */
export type Selection = Readonly<Record<string, string>>;

export interface ProductOption {
  readonly name: string;
  /** Every value some variant has, in first-seen order. */
  readonly values: readonly string[];
}

/** The product's options in display order (its ordering, then attributes it leaves out). */
export function productOptions(product: ChoosableProduct<ChoosableVariant>): ProductOption[] {
  // A product with one variant has nothing to choose: it is bought by its sku.
  if (product.variants.length <= 1) return [];
  return optionNames(product).map((name) => ({
    name,
    values: [
      ...new Set(
        product.variants
          .map((variant) => variant.attributes[name])
          .filter((value): value is string => value !== undefined && value !== ''),
      ),
    ],
  }));
}

export function isChosen(selection: Selection, name: string): boolean {
  return (selection[name] ?? '') !== '';
}

/** The options still to choose, in display order. */
export function unselectedOptions(names: readonly string[], selection: Selection): string[] {
  return names.filter((name) => !isChosen(selection, name));
}

/** Whether the variant has exactly the chosen value of every option named. */
export function matchesSelection(
  variant: ChoosableVariant,
  names: readonly string[],
  selection: Selection,
): boolean {
  return names.every((name) => variant.attributes[name] === selection[name]);
}

/**
 * The variant of a complete selection, matched exactly on every option; undefined while any
 * option is unchosen or when no variant has that combination.
 */
export function matchVariant<V extends ChoosableVariant>(
  variants: readonly V[],
  names: readonly string[],
  selection: Selection,
): V | undefined {
  if (unselectedOptions(names, selection).length > 0) return undefined;
  return variants.find((variant) => matchesSelection(variant, names, selection));
}

/** The selection that names this variant (restoring `?variant=` from the URL). */
export function selectionOf(variant: ChoosableVariant, names: readonly string[]): Selection {
  return Object.fromEntries(names.map((name) => [name, variant.attributes[name] ?? '']));
}

/** The selection with one option set (or cleared with ''). */
export function withChoice(selection: Selection, name: string, value: string): Selection {
  return { ...selection, [name]: value };
}

/** 'Select {variantName}', or 'Select Value' for a gift card's denomination. */
export function optionPlaceholder(
  name: string,
  isGiftCard: boolean,
  strings: { readonly selectOption: string; readonly selectGiftCardValue: string } = {
    selectOption: 'Select {variantName}',
    selectGiftCardValue: 'Select Value',
  },
): string {
  return isGiftCard
    ? strings.selectGiftCardValue
    : strings.selectOption.replaceAll('{variantName}', name);
}
