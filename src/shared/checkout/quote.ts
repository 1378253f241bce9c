/**
 * The checkout's totals for a cart, in integer minor units:
 *
 *   subtotal − discount + shipping + tax = grand total;  grand total − gift cards = amount due.
 *
 * Coupons discount goods but never gift cards; tax is charged on goods after the discount (and
 * on shipping for rules that say so); gift cards are a way to pay, so they reduce what the
 * payment provider is charged, not the order's total. Shipping is charged only when the cart
 * holds physical goods and the store has shipping rates.
 */
import { PRODUCT_TYPES } from '../catalog/product-types.ts';
import { evaluateCoupons, type InvalidCoupon, type ValidCoupon } from './coupons.ts';
import {
  allocateGiftCards,
  type GiftCardRedemption,
  type InvalidGiftCard,
  type StoredGiftCard,
} from './gift-cards.ts';
import type { CheckoutSettings } from './settings.ts';
import {
  applicableShippingOptions,
  chooseShippingOption,
  type ShippingOption,
} from './shipping.ts';
import { computeTaxes, type AppliedTaxRule } from './tax.ts';

export interface QuoteLine {
  readonly productType: number;
  readonly quantity: number;
  readonly unitPriceCents: number;
}

export interface ShippingLocation {
  readonly country: string;
  readonly region: string | null;
  readonly city: string | null;
  readonly postalCode: string | null;
}

export interface QuoteInput {
  readonly currency: string;
  readonly lines: readonly QuoteLine[];
  readonly settings: CheckoutSettings;
  readonly location?: ShippingLocation | undefined;
  readonly shippingOptionId?: string | undefined;
  readonly couponCodes?: readonly string[] | undefined;
  readonly giftCardCodes?: readonly string[] | undefined;
  /** The stored cards for the typed codes (the caller looks them up). */
  readonly giftCards?: readonly StoredGiftCard[] | undefined;
  readonly now: Date;
}

export const QUOTE_PROBLEMS = {
  UNAVAILABLE_OPTION: 'This shipping option is not available for this address.',
  NO_SHIPPING_TO_COUNTRY: 'We do not ship to this country.',
} as const;

export interface CheckoutQuote {
  readonly shippingOptions: ShippingOption[];
  readonly selectedShippingOption: ShippingOption | null;
  readonly shippingLocation: ShippingLocation | null;
  readonly applicableTaxRules: AppliedTaxRule[];
  readonly coupons: string[];
  readonly validCoupons: ValidCoupon[];
  readonly invalidCoupons: InvalidCoupon[];
  readonly subtotalCents: number;
  readonly discountCents: number;
  readonly shippingCostCents: number;
  readonly taxCents: number;
  readonly grandTotalCents: number;
  readonly giftCardRedemptions: GiftCardRedemption[];
  readonly invalidGiftCards: InvalidGiftCard[];
  readonly giftCardCents: number;
  readonly amountDueCents: number;
  readonly requiresShipping: boolean;
  /** Why the quote cannot become an order as asked, keyed by request field. */
  readonly problems: Record<string, string>;
}

export function quoteCheckout(input: QuoteInput): CheckoutQuote {
  const problems: Record<string, string> = {};
  const lineTotal = (line: QuoteLine) => line.unitPriceCents * line.quantity;
  const subtotalCents = input.lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const eligibleSubtotalCents = input.lines
    .filter((line) => line.productType !== PRODUCT_TYPES.GIFT_CARD)
    .reduce((sum, line) => sum + lineTotal(line), 0);
  const requiresShipping = input.lines.some((line) => line.productType === PRODUCT_TYPES.PHYSICAL);
  const location = input.location ?? null;

  let shippingOptions: ShippingOption[] = [];
  let selected: ShippingOption | undefined;
  if (requiresShipping && input.settings.shippingRates.length > 0) {
    shippingOptions = applicableShippingOptions(input.settings.shippingRates, {
      subtotalCents,
      country: location?.country,
    });
    if (shippingOptions.length === 0) {
      problems['shippingAddress.country'] = QUOTE_PROBLEMS.NO_SHIPPING_TO_COUNTRY;
    } else {
      const choice = chooseShippingOption(shippingOptions, input.shippingOptionId);
      if (choice.ok) selected = choice.option;
      else problems.shippingOptionId = QUOTE_PROBLEMS.UNAVAILABLE_OPTION;
    }
  }
  const shippingCostCents = selected?.costCents ?? 0;

  const couponResult = evaluateCoupons(input.settings.coupons, input.couponCodes ?? [], {
    eligibleSubtotalCents,
    currency: input.currency,
    now: input.now,
  });
  const taxes = computeTaxes(input.settings.taxRules, location ?? undefined, {
    taxableCents: eligibleSubtotalCents - couponResult.discountCents,
    shippingCents: shippingCostCents,
  });
  const grandTotalCents =
    subtotalCents - couponResult.discountCents + shippingCostCents + taxes.taxCents;
  const giftCards = allocateGiftCards(input.giftCardCodes ?? [], input.giftCards ?? [], {
    totalCents: grandTotalCents,
    currency: input.currency,
  });

  return {
    shippingOptions,
    selectedShippingOption: selected ?? null,
    shippingLocation: location,
    applicableTaxRules: taxes.applicableTaxRules,
    coupons: couponResult.coupons,
    validCoupons: couponResult.validCoupons,
    invalidCoupons: couponResult.invalidCoupons,
    subtotalCents,
    discountCents: couponResult.discountCents,
    shippingCostCents,
    taxCents: taxes.taxCents,
    grandTotalCents,
    giftCardRedemptions: giftCards.redemptions,
    invalidGiftCards: giftCards.invalidGiftCards,
    giftCardCents: giftCards.giftCardCents,
    amountDueCents: giftCards.amountDueCents,
    requiresShipping,
    problems,
  };
}
