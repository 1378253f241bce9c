/**
 * Census calls (docs/behaviour/analytics.md#census-calls): RecordHit on a page view, button-click and
 * button-render, form-render and overlay, each with the visitor cookie's value and page fields.
 */
import type { CensusHitData } from '../../shared/analytics/census.ts';
import type { PageValues } from './page-values.ts';
import { formOf, sendTracking, type Fields } from './transport.ts';

export const RECORD_HIT_PATH = '/api/census/RecordHit';
export const BUTTON_CLICK_PATH = '/api/census/button-click';
export const BUTTON_RENDER_PATH = '/api/census/button-render';
export const FORM_RENDER_PATH = '/api/census/form-render';
export const OVERLAY_PATH = '/api/census/overlay';
export type CensusEventPath =
  | typeof BUTTON_CLICK_PATH
  | typeof BUTTON_RENDER_PATH
  | typeof FORM_RENDER_PATH
  | typeof OVERLAY_PATH;
export const PAGE_VIEW_EVENT = 'pageview';

/** The page fields every census call carries, bounded as the server expects. */
export function censusPageFields(values: PageValues) {
  return {
    websiteId: values.websiteId,
    templateId: values.templateId,
    collectionId: values.collectionId ?? undefined,
    itemId: values.itemId ?? undefined,
    pageType: values.pageType,
    pagePath: location.pathname,
    pageTitle: document.title.slice(0, 256),
    referrer: document.referrer.slice(0, 2083) || undefined,
  };
}

export function recordHit(values: PageValues, visitorId: string): Promise<boolean> {
  const data: CensusHitData = {
    ...censusPageFields(values),
    userAgent: navigator.userAgent.slice(0, 512),
    clientTime: Date.now(),
    viewportWidth: innerWidth,
    viewportHeight: innerHeight,
    screenWidth: screen.width,
    screenHeight: screen.height,
    locale: values.locale,
  };
  return sendTracking(
    RECORD_HIT_PATH,
    formOf({ event: PAGE_VIEW_EVENT, visitorCookie: visitorId, data: JSON.stringify(data) }),
  );
}

export function recordCensusEvent(
  path: CensusEventPath,
  values: PageValues,
  visitorId: string,
  extra: Fields = {},
): Promise<boolean> {
  return sendTracking(
    path,
    formOf({ ...censusPageFields(values), visitorCookie: visitorId, ...extra }),
  );
}
