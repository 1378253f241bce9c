/**
 * Why typed coupon and gift card codes do not apply, keyed by the order body's field
 * (`couponCodes`, `giftCardCodes`): one wording for order placement, the checkout page and the
 * checkout script that re-prices the summary in the browser.
 */
type Refused = readonly { readonly code: string; readonly message: string }[];

/** A checkout quote, or the quote API's answer, which carries the same two lists. */
export function codeRefusals(quote: {
  readonly invalidCoupons: Refused;
  readonly invalidGiftCards: Refused;
}): Record<string, string> {
  const said = (refused: Refused) => refused.map((c) => `${c.code}: ${c.message}`).join(' ');
  const fields: Record<string, string> = {};
  if (quote.invalidCoupons.length > 0) fields.couponCodes = said(quote.invalidCoupons);
  if (quote.invalidGiftCards.length > 0) fields.giftCardCodes = said(quote.invalidGiftCards);
  return fields;
}
