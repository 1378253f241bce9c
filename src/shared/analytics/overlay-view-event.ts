/**
 * The document event the promotional popup dispatches each time it is shown (detail
 * { overlayId }); the analytics client records it through POST /api/census/overlay.
 */
export const OVERLAY_VIEW_EVENT = 'vitrine:overlay-view';

export interface OverlayViewDetail {
  readonly overlayId: string;
}

/**
 * The popup overlay's own page type (docs/behaviour/storefront-pages.md#page-types): its census call carries it in place of the
 * type of the page the popup opened over, whose path and ids it keeps.
 */
export const OVERLAY_PAGE_TYPE = 104;
