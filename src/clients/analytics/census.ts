/**
 * Census calls (platform.md §3 "Census hit", §7): RecordHit on a page view, button-click and
 * button-render, form-render and overlay, each with the visitor cookie's value and page fields.
 */
import type { CensusHitData } from '../../shared/analytics/census.ts';
import type { PageValues } from './page-values.ts';
import { formOf, sendTracking, type Fields } from './transport.ts';

export const CENSUS_PATHS = {
  hit: '/api/census/RecordHit',
  buttonClick: '/api/census/button-click',
  buttonRender: '/api/census/button-render',
  formRender: '/api/census/form-render',
  overlay: '/api/census/overlay',
} as const;
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
    CENSUS_PATHS.hit,
    formOf({ event: PAGE_VIEW_EVENT, visitorCookie: visitorId, data: JSON.stringify(data) }),
  );
}

export function recordCensusEvent(
  path: (typeof CENSUS_PATHS)[keyof typeof CENSUS_PATHS],
  values: PageValues,
  visitorId: string,
  extra: Fields = {},
): Promise<boolean> {
  return sendTracking(
    path,
    formOf({ ...censusPageFields(values), visitorCookie: visitorId, ...extra }),
  );
}
