/**
 * Which variant an add-to-cart names (docs/behaviour/products-and-variants.md#variant-selection,
 * docs/behaviour/cart.md#add-to-cart-checks):
 * by sku (the JSON API), or by one chosen value per option (plain form posts), matched exactly.
 * A product with a single variant needs neither; a gift card without one is asked for its
 * denomination.
 */
import { PRODUCT_TYPES } from '../catalog/product-types.ts';
import type { ErrorCode } from '../errors.ts';

export interface ChoosableVariant {
  readonly sku: string;
  readonly attributes: Readonly<Record<string, string>>;
}

export interface ChoosableProduct<V extends ChoosableVariant> {
  readonly productType: number;
  readonly variants: readonly V[];
  /** Option names in display order. */
  readonly variantOptionOrdering: readonly string[];
}

export interface VariantChoice {
  readonly sku?: string | null | undefined;
  /** Option name → chosen value; an empty value means "not chosen". */
  readonly options?: Readonly<Record<string, string>> | undefined;
}

export type VariantChoiceResult<V> =
  | { readonly ok: true; readonly variant: V }
  | { readonly ok: false; readonly code: ErrorCode; readonly message?: string };

/** 'Please select the Size option.' / '… Size and Colour options.' / '… A, B and C options.' */
export function unselectedOptionsMessage(options: readonly string[]): string {
  if (options.length <= 1) return `Please select the ${options[0] ?? ''} option.`;
  const list = `${options.slice(0, -1).join(', ')} and ${options[options.length - 1] ?? ''}`;
  return `Please select the ${list} options.`;
}

/** The product's option names: its ordering first, then any other attribute its variants use. */
export function optionNames(product: ChoosableProduct<ChoosableVariant>): string[] {
  const names = [...product.variantOptionOrdering];
  for (const variant of product.variants) {
    for (const name of Object.keys(variant.attributes)) if (!names.includes(name)) names.push(name);
  }
  return names;
}

function matchesExactly(
  variant: ChoosableVariant,
  chosen: Readonly<Record<string, string>>,
  names: readonly string[],
): boolean {
  return names.every((name) => variant.attributes[name] === chosen[name]);
}

export function chooseVariant<V extends ChoosableVariant>(
  product: ChoosableProduct<V>,
  choice: VariantChoice,
): VariantChoiceResult<V> {
  const unavailable = { ok: false, code: 'ITEM_VARIANT_UNAVAILABLE' } as const;
  if (choice.sku !== undefined && choice.sku !== null && choice.sku !== '') {
    const variant = product.variants.find((candidate) => candidate.sku === choice.sku);
    return variant ? { ok: true, variant } : unavailable;
  }
  const names = optionNames(product);
  const chosen = choice.options ?? {};
  if (Object.keys(chosen).length > 0 && names.length > 0) {
    const missing = names.filter((name) => (chosen[name] ?? '') === '');
    if (missing.length > 0) {
      return {
        ok: false,
        code: 'VARIANT_OPTIONS_UNSELECTED',
        message: unselectedOptionsMessage(missing),
      };
    }
    const variant = product.variants.find((candidate) => matchesExactly(candidate, chosen, names));
    return variant ? { ok: true, variant } : unavailable;
  }
  const [only, ...others] = product.variants;
  if (only && others.length === 0) return { ok: true, variant: only };
  if (product.productType === PRODUCT_TYPES.GIFT_CARD)
    return { ok: false, code: 'GIFT_CARD_DENOMINATION_REQUIRED' };
  // The JSON API names no variant for a product with several: the spec's "no matching variant".
  return unavailable;
}
