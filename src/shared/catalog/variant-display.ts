/**
 * What the product form shows for the shopper's selection (docs/behaviour/products-and-variants.md#variant-selection):
 * - with any option unchosen: the price's initial display, no sold-out text, no scarcity;
 * - no variant with the chosen combination: 'Unavailable';
 * - the variant's price, its sale price with the original struck through, or for a subscribable
 *   product the price with the plan's wording ('$16.00 every month for 1 year'; 'Unavailable'
 *   when the plan gives no wording);
 * - a variant with no stock: the custom sold-out text, else 'Sold Out';
 * - the variant's scarcity alert when it has one.
 */
import { readSubscriptionPlan, subscriptionWording } from '../subscriptions/wording.ts';
import { isSoldOutVariant } from './stock-state.ts';

export const UNAVAILABLE_PRICE_TEXT = 'Unavailable';
export const DEFAULT_SOLD_OUT_TEXT = 'Sold Out';

export interface DisplayVariant {
  readonly id: string;
  readonly price: number;
  readonly salePrice: number;
  readonly onSale: boolean;
  readonly unlimited: boolean;
  readonly qtyInStock: number;
}

export interface DisplayProduct {
  /** Physical goods and services run out; digital goods and gift cards never do. */
  readonly tracksStock: boolean;
  readonly isSubscribable: boolean;
  readonly subscriptionPlan: unknown;
  /** Show a plan's length in its own unit ('for 12 months') instead of years. */
  readonly keepOriginalUnit?: boolean;
}

export type PriceDisplay =
  | { readonly kind: 'initial' }
  | { readonly kind: 'unavailable'; readonly text: string }
  | {
      readonly kind: 'price';
      /** What the shopper pays now. */
      readonly current: string;
      /** The original price, struck through, when the variant is on sale. */
      readonly original?: string;
      /** The subscription plan's wording after the price. */
      readonly wording?: string;
    };

export type SelectionState<V> =
  | { readonly kind: 'incomplete' }
  | { readonly kind: 'no-match' }
  | { readonly kind: 'variant'; readonly variant: V };

export function displayedPrice(
  product: DisplayProduct,
  state: SelectionState<DisplayVariant>,
  formatCents: (cents: number) => string,
): PriceDisplay {
  if (state.kind === 'incomplete') return { kind: 'initial' };
  if (state.kind === 'no-match') return { kind: 'unavailable', text: UNAVAILABLE_PRICE_TEXT };
  const { variant } = state;
  const onSale = variant.onSale && variant.salePrice < variant.price;
  const current = formatCents(onSale ? variant.salePrice : variant.price);
  const original = onSale ? { original: formatCents(variant.price) } : {};
  if (!product.isSubscribable) return { kind: 'price', current, ...original };
  const plan = readSubscriptionPlan(product.subscriptionPlan);
  if (!plan) return { kind: 'unavailable', text: UNAVAILABLE_PRICE_TEXT };
  const wording = subscriptionWording(plan, {
    keepOriginalUnit: product.keepOriginalUnit === true,
  });
  return { kind: 'price', current, ...original, wording };
}

/** The custom sold-out text when the product or store sets one, else 'Sold Out'. */
export function soldOutText(custom: string | null | undefined): string {
  const text = custom?.trim() ?? '';
  return text === '' ? DEFAULT_SOLD_OUT_TEXT : text;
}

/** The sold-out text of the chosen variant; undefined while it has stock or nothing is chosen. */
export function soldOutNotice(
  product: DisplayProduct,
  state: SelectionState<DisplayVariant>,
  customSoldOutText: string | null | undefined,
): string | undefined {
  if (state.kind !== 'variant' || !product.tracksStock) return undefined;
  return isSoldOutVariant(state.variant) ? soldOutText(customSoldOutText) : undefined;
}

export interface ScarcityContext {
  readonly scarcityEnabled: boolean;
  /** A variant is low with this many or fewer left. */
  readonly scarcityThreshold: number;
  /** The alert, with `{qty}` for the quantity left ('Only {qty} left in stock'). */
  readonly scarcityText: string;
  readonly scarcityShownByDefault: boolean;
}

/** The variant's scarcity alert from its current stock; undefined unless it is low (1 … threshold). */
export function scarcityText(
  context: ScarcityContext,
  variant: DisplayVariant,
): string | undefined {
  if (
    variant.unlimited ||
    variant.qtyInStock <= 0 ||
    variant.qtyInStock > context.scarcityThreshold
  )
    return undefined;
  return context.scarcityText.replaceAll('{qty}', String(variant.qtyInStock));
}

/**
 * The scarcity alert to show: the chosen variant's; before any choice, the first low variant's
 * when the product shows scarcity by default; none while a begun selection is incomplete.
 * Computed from the stock the form holds, so a refreshed count shows at once.
 */
export function scarcityNotice(
  context: ScarcityContext | undefined,
  state: SelectionState<DisplayVariant>,
  variants: readonly DisplayVariant[],
  nothingChosen: boolean,
): string | undefined {
  if (!context?.scarcityEnabled) return undefined;
  if (state.kind === 'variant') return scarcityText(context, state.variant);
  if (state.kind === 'incomplete' && nothingChosen && context.scarcityShownByDefault) {
    for (const variant of variants) {
      const text = scarcityText(context, variant);
      if (text !== undefined) return text;
    }
  }
  return undefined;
}

/** Whether the chosen variant has no stock (the restock block's cue). */
export function isSelectionSoldOut(
  product: DisplayProduct,
  state: SelectionState<DisplayVariant>,
): boolean {
  return state.kind === 'variant' && product.tracksStock && isSoldOutVariant(state.variant);
}
