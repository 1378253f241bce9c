/** Where an express purchase continues: the checkout page, given the express cart's token. */
export function expressCheckoutUrl(cartToken: string): string {
  return `/checkout?cartToken=${encodeURIComponent(cartToken)}`;
}
