/**
 * Product branching (docs/behaviour/products-and-variants.md#product-branching): with the feature flag on and template version 7.1,
 * choosing one option narrows the others to the values some variant still combines with the
 * other choices. The spec describes two dropdowns; the same rule holds for any number of
 * options, each value judged against every other chosen option. With branching off every value
 * stays on offer, as the spec says.
 */
import type { ChoosableVariant } from '../cart/choose-variant.ts';
import { isChosen, matchesSelection, type Selection } from './variant-selection.ts';

/** The template version whose variant pickers branch. */
export const BRANCHING_TEMPLATE_VERSION = '7.1';

export function branchingEnabled(flag: boolean, templateVersion: string): boolean {
  return flag && templateVersion === BRANCHING_TEMPLATE_VERSION;
}

/** The chosen options other than `option`. */
function otherChoices(names: readonly string[], selection: Selection, option: string): string[] {
  return names.filter((name) => name !== option && isChosen(selection, name));
}

/** Whether some variant has `value` for `option` together with every other chosen value. */
export function isCompatible(
  variants: readonly ChoosableVariant[],
  names: readonly string[],
  selection: Selection,
  option: string,
  value: string,
): boolean {
  const others = otherChoices(names, selection, option);
  return variants.some(
    (variant) =>
      variant.attributes[option] === value && matchesSelection(variant, others, selection),
  );
}

/**
 * After `changed` was chosen, clears the other options whose value no longer combines with the
 * rest (so a narrowed dropdown never keeps a value it no longer offers). Without branching the
 * selection is kept as the shopper made it.
 */
export function narrowSelection(
  variants: readonly ChoosableVariant[],
  names: readonly string[],
  selection: Selection,
  changed: string,
  branching: boolean,
): Selection {
  if (!branching) return selection;
  let next: Record<string, string> = { ...selection };
  for (const name of names) {
    if (name === changed || !isChosen(next, name)) continue;
    const value = next[name] ?? '';
    if (!isCompatible(variants, names, next, name, value)) next = { ...next, [name]: '' };
  }
  return next;
}
