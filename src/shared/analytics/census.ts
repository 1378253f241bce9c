/**
 * Census payloads (docs/behaviour/analytics.md#census-calls): RecordHit's `data` JSON and the side
 * events (button-click, button-render, form-render, overlay, quick view). Unknown keys are
 * dropped, known ones bounded.
 */
import { z } from 'zod';
import {
  clientTimeField,
  eventNameField,
  idField,
  jsonText,
  localeField,
  longText,
  looseIdField,
  pathField,
  shortText,
  sizeField,
  visitorIdField,
} from './fields.ts';

/** Page fields every census call carries. */
export const censusPageFields = z.object({
  websiteId: looseIdField.optional(),
  templateId: looseIdField.optional(),
  pageId: looseIdField.optional(),
  collectionId: looseIdField.optional(),
  itemId: looseIdField.optional(),
  pageType: z.coerce.number().int().min(0).max(10_000).optional(),
  pagePath: pathField.optional(),
  pageTitle: shortText.optional(),
  referrer: longText.optional(),
});

/** RecordHit's `data`: page details, user agent, client time, sizes, ids and locale. */
export const censusHitData = censusPageFields.extend({
  pagePath: pathField,
  userAgent: z.string().max(512).optional(),
  clientTime: clientTimeField.optional(),
  viewportWidth: sizeField.optional(),
  viewportHeight: sizeField.optional(),
  screenWidth: sizeField.optional(),
  screenHeight: sizeField.optional(),
  locale: localeField.optional(),
});
export type CensusHitData = z.infer<typeof censusHitData>;

export const MAX_CENSUS_DATA_LENGTH = 8 * 1024;

/** The form fields of POST /api/census/RecordHit. */
export const recordHitBody = z.object({
  event: eventNameField,
  /** Beacons from another origin carry no cookies; the client may send ss_cvr's value here. */
  visitorCookie: visitorIdField.optional(),
  data: jsonText(censusHitData, MAX_CENSUS_DATA_LENGTH),
});

/** button-click, button-render, overlay: visitorCookie and page fields. */
export const censusSideEventBody = censusPageFields.extend({
  visitorCookie: visitorIdField.optional(),
  buttonId: idField.optional(),
  overlayId: idField.optional(),
});

/** form-render: formId, visitorCookie, page fields. */
export const censusFormRenderBody = censusSideEventBody.extend({ formId: looseIdField });

/** RecordQuickView/{id}: the path names the product; the body is optional page fields. */
export const quickViewParams = z.object({ id: idField });
export const censusQuickViewBody = censusSideEventBody;
