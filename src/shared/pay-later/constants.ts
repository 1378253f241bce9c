/** Pay-later constants of docs/behaviour/pay-later.md#constants. */

/** Installments the total is divided into ("default count 4"). */
export const PAY_LATER_INSTALLMENTS = 4;
/** The provider named by the teaser's button and the popup's label. */
export const PAY_LATER_PROVIDER = 'Afterpay';
/** A page background whose weighted brightness is below this is dark: the pill turns white. */
export const DARK_BACKGROUND_BRIGHTNESS = 166.4;
/** The popup content everyone can fall back on: en_US in the white theme. */
export const FALLBACK_MODAL = { locale: 'en_US', theme: 'white' } as const;
/** The demo's own copy of the popup content, served by src/server/modules/pay-later. */
export const LOCAL_MODAL_PATH = '/api/vitrine/pay-later/modal';
