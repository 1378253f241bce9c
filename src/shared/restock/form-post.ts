/**
 * The restock form without JavaScript (docs/behaviour/storefront-pages.md#without-javascript): a plain `<form method="post">` to
 * RESTOCK_FORM_PATH with the same fields as the JSON payload plus the hidden `crumb`. A sign-up
 * is answered with a redirect back to the product page at RESTOCK_SIGNED_UP_ANCHOR, the success
 * message the form renders hidden and shows when it is the page's target; a refusal with a
 * small page showing the server's message and a link back to the form (RESTOCK_FORM_ANCHOR).
 */

export const RESTOCK_FORM_PATH = '/commerce/restock-signup';

/** The id of the restock block on a product page. */
export const RESTOCK_FORM_ANCHOR = 'restock';

/**
 * The id of a product's restock form: the page's crumb field sits outside the island (whose
 * HTML is the same for every visitor) and joins the form through its `form` attribute.
 */
export function restockFormId(itemId: string): string {
  return `restock-form-${itemId}`;
}

/** The id of the success message a no-JavaScript sign-up returns to. */
export const RESTOCK_SIGNED_UP_ANCHOR = 'restock-signed-up';

/** The product page to return to after a no-JavaScript sign-up. */
export function restockSignedUpUrl(productUrl: string): string {
  return `${productUrl}#${RESTOCK_SIGNED_UP_ANCHOR}`;
}

/** The product page's restock form, linked from a refusal page. */
export function restockFormUrl(productUrl: string): string {
  return `${productUrl}#${RESTOCK_FORM_ANCHOR}`;
}

/** The JSON sign-up the restock form calls with JavaScript (src/server/modules/restock). */
export const RESTOCK_SIGNUP_API_PATH = '/api/vitrine/restock/signups';
