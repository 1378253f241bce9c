/** Where an express purchase continues: the checkout page, given the express cart's token. */
export function expressCheckoutUrl(cartToken: string): string {
  return `/checkout?cartToken=${encodeURIComponent(cartToken)}`;
}

/** The subscription page of a subscription cart (modules/subscriptions/subscription-page.ts shows it). */
export function subscriptionPageUrl(cartToken: string): string {
  return `/commerce/subscription?cartToken=${encodeURIComponent(cartToken)}`;
}

/** The gift card page (modules/giftcards/gift-card-page.ts shows it), with the card and denomination to show. */
export function giftCardPagePath(itemId: string, sku: string | undefined): string {
  const query = new URLSearchParams({ itemId, ...(sku === undefined ? {} : { sku }) });
  return `/commerce/gift-card?${query.toString()}`;
}
