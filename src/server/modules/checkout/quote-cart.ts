/**
 * Quoting a stored cart: the shared checkout math on the cart's lines, the store's settings and
 * the typed gift cards, and the spec's cart with every checkout field filled in.
 */
import { buildCart } from '../../../shared/cart/build-cart.ts';
import { emptyCart, type ShoppingCart } from '../../../shared/cart/shopping-cart.ts';
import { formatGiftCardCode } from '../../../shared/checkout/gift-cards.ts';
import {
  quoteCheckout,
  type CheckoutQuote,
  type ShippingLocation,
} from '../../../shared/checkout/quote.ts';
import type { QuoteRequest } from '../../../shared/checkout/requests.ts';
import type { CheckoutSettings } from '../../../shared/checkout/settings.ts';
import type { StoredGiftCard } from '../../../shared/checkout/gift-cards.ts';
import type { CheckoutCartRow, CheckoutLine } from './checkout-cart.ts';

export function shippingLocationOf(
  address: QuoteRequest['shippingAddress'],
): ShippingLocation | undefined {
  if (!address) return undefined;
  return {
    country: address.country,
    region: address.region ?? null,
    city: address.city ?? null,
    postalCode: address.postalCode ?? null,
  };
}

export function quoteLines(
  input: {
    currency: string;
    lines: readonly CheckoutLine[];
    settings: CheckoutSettings;
    request: QuoteRequest;
    giftCards: readonly StoredGiftCard[];
  },
  now: Date,
): CheckoutQuote {
  return quoteCheckout({
    currency: input.currency,
    lines: input.lines,
    settings: input.settings,
    location: shippingLocationOf(input.request.shippingAddress),
    shippingOptionId: input.request.shippingOptionId,
    couponCodes: input.request.couponCodes,
    giftCardCodes: input.request.giftCardCodes,
    giftCards: input.giftCards,
    now,
  });
}

/** The spec's cart (docs/behaviour/cart.md#the-shopping-cart) with the quote's checkout fields. */
export function cartWithQuote(
  base:
    | { cart: CheckoutCartRow; lines: readonly CheckoutLine[] }
    | { websiteId: string; currency: string },
  quote: CheckoutQuote,
): ShoppingCart {
  const cart =
    'cart' in base
      ? buildCart(
          {
            id: base.cart.id,
            websiteId: base.cart.siteId,
            currency: base.cart.currency,
            created: base.cart.created,
            isPurchased: base.cart.isPurchased,
            orderId: base.cart.orderId,
          },
          base.lines,
        )
      : emptyCart(base.websiteId, base.currency);
  return {
    ...cart,
    shippingOptions: quote.shippingOptions,
    selectedShippingOption: quote.selectedShippingOption,
    shippingLocation: quote.shippingLocation,
    applicableTaxRules: quote.applicableTaxRules,
    coupons: quote.coupons,
    validCoupons: quote.validCoupons,
    invalidCoupons: quote.invalidCoupons,
    taxCents: quote.taxCents,
    shippingCostCents: quote.shippingCostCents,
    discountCents: quote.discountCents,
    grandTotalCents: quote.grandTotalCents,
  };
}

/** What the checkout page shows beyond the cart: gift cards, the amount due, open problems. */
export function checkoutSummary(quote: CheckoutQuote) {
  return {
    giftCards: quote.giftCardRedemptions.map((redemption) => ({
      code: formatGiftCardCode(redemption.code),
      amountCents: redemption.amountCents,
      balanceAfterCents: redemption.balanceAfterCents,
    })),
    invalidGiftCards: quote.invalidGiftCards.map((card) => ({
      ...card,
      code: formatGiftCardCode(card.code),
    })),
    giftCardCents: quote.giftCardCents,
    amountDueCents: quote.amountDueCents,
    requiresShipping: quote.requiresShipping,
    problems: quote.problems,
  };
}
