/**
 * v0 events (POST /api/events/RecordEvent, docs/behaviour/analytics.md#events): form fields crumb, event and
 * data (JSON) with website id, template id, variant id, member account id, website and member
 * locale, page path and hash. Storefront tracking fields may ride along in data.
 */
import { z } from 'zod';
import { eventNameField, jsonText, localeField, looseIdField, pathField } from './fields.ts';
import { trackingEventFields } from './tracking-fields.ts';

export const v0EventData = trackingEventFields.omit({ event_name: true }).extend({
  websiteId: looseIdField.optional(),
  templateId: looseIdField.optional(),
  variantId: looseIdField.optional(),
  memberAccountId: looseIdField.optional(),
  websiteLocale: localeField.optional(),
  memberLocale: localeField.optional(),
  pagePath: pathField.optional(),
  hash: z.string().max(512).optional(),
  /** Checkout confirmed (docs/behaviour/analytics.md#storefront-tracking-events): the order, its cart and whether it was a test. */
  orderId: looseIdField.optional(),
  cartId: looseIdField.optional(),
  testMode: z.boolean().optional(),
});
export type V0EventData = z.infer<typeof v0EventData>;

export const MAX_V0_DATA_LENGTH = 8 * 1024;

export const recordEventBody = z.object({
  /** Sent by the client from the crumb cookie; telemetry needs no CSRF check, so only bounded. */
  crumb: z.string().max(128).optional(),
  event: eventNameField,
  data: jsonText(v0EventData, MAX_V0_DATA_LENGTH),
});
