/**
 * The shopper's variant choice and what follows from it: the variant (exact match), the option
 * pickers' states, the price, sold-out and scarcity notices. Stock starts as the page carried it
 * and is replaced by the stock endpoint's answer on load, so a cached page never offers stock
 * that is gone.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { optionStates } from '../../shared/catalog/option-values.ts';
import { narrowSelection } from '../../shared/catalog/variant-branching.ts';
import {
  displayedPrice,
  isSelectionSoldOut,
  scarcityNotice,
  soldOutNotice,
  type SelectionState,
} from '../../shared/catalog/variant-display.ts';
import {
  matchVariant,
  selectionOf,
  unselectedOptions,
  withChoice,
  type Selection,
} from '../../shared/catalog/variant-selection.ts';
import { priceFormatter } from './format-price.ts';
import { variantInUrl } from './navigation.ts';
import type { FormVariant, ProductFormProps } from './props.ts';
import { fetchStock, type StockResult } from './purchase-api.ts';

function withStock(
  variants: readonly FormVariant[],
  results: readonly StockResult[],
): FormVariant[] {
  return variants.map((variant, index) => {
    const fresh =
      results.find((result) => result.variantId === variant.id) ??
      results.find((result) => result.sku === variant.sku) ??
      (results.every((result) => result.variantId === undefined) ? results[index] : undefined);
    return fresh
      ? { ...variant, unlimited: fresh.unlimited, qtyInStock: fresh.qtyInStock }
      : variant;
  });
}

export function useSelection(props: ProductFormProps) {
  const [variants, setVariants] = useState<readonly FormVariant[]>(props.variants);
  const [selection, setSelection] = useState<Selection>({});
  const [hydrated, setHydrated] = useState(false);
  const names = useMemo(() => props.options.map((option) => option.name), [props.options]);

  useEffect(() => {
    const id = props.reflectsUrl === false ? null : variantInUrl();
    const restored = id === null ? undefined : props.variants.find((variant) => variant.id === id);
    if (restored && names.length > 0) setSelection(selectionOf(restored, names));
    setHydrated(true);
    let live = true;
    void fetchStock(props.itemId).then((results) => {
      if (live && results) setVariants((current) => withStock(current, results));
    });
    return () => {
      live = false;
    };
  }, [props.itemId, props.variants, props.reflectsUrl, names]);

  const choose = useCallback(
    (name: string, value: string) =>
      setSelection((current) =>
        narrowSelection(variants, names, withChoice(current, name, value), name, props.branching),
      ),
    [variants, names, props.branching],
  );

  const unselected = unselectedOptions(names, selection);
  const variant = names.length === 0 ? variants[0] : matchVariant(variants, names, selection);
  const state: SelectionState<FormVariant> =
    names.length > 0 && unselected.length > 0
      ? { kind: 'incomplete' }
      : variant
        ? { kind: 'variant', variant }
        : { kind: 'no-match' };
  const product = {
    tracksStock: props.tracksStock,
    isSubscribable: props.isSubscribable,
    subscriptionPlan: props.subscriptionPlan,
    keepOriginalUnit: props.keepOriginalUnit === true,
  };
  const format = useMemo(() => priceFormatter(props.money), [props.money]);

  return {
    hydrated,
    variants,
    selection,
    choose,
    unselected,
    variant: state.kind === 'variant' ? state.variant : undefined,
    options: optionStates({
      options: props.options,
      variants,
      selection,
      layout: props.layout,
      branching: props.branching,
      tracksStock: props.tracksStock,
      settings: props.soldOut,
    }),
    price: displayedPrice(product, state, format),
    soldOutText: soldOutNotice(product, state, props.soldOut.customSoldOutText),
    soldOut: isSelectionSoldOut(product, state),
    scarcity: scarcityNotice(props.scarcity, state, variants, unselected.length === names.length),
  };
}
