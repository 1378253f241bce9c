/**
 * Storefront tracking event fields (docs/behaviour/analytics.md#storefront-tracking-events), snake_case as the
 * spec names them. site_user_id is the visitor's crumb cookie; logged_in is true when the secure
 * user token cookie exists.
 */
import { z } from 'zod';
import { eventNameField, idField, looseIdField, shortText } from './fields.ts';

const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code');

const minorUnits = z.number().int().min(0).max(1e12);

/** One line of a purchase event's items. */
const purchaseItem = z.object({
  item_id: looseIdField,
  item_variant_id: looseIdField.optional(),
  sku: shortText.nullable().optional(),
  item_title: shortText.optional(),
  item_price: minorUnits.optional(),
  item_quantity: z.number().int().min(0).max(9999).optional(),
});

export const trackingEventFields = z.object({
  event_name: eventNameField,
  actor: shortText.optional(),
  action: shortText.optional(),
  object_type: shortText.optional(),
  site_user_id: z.string().max(128).optional(),
  logged_in: z.boolean().optional(),
  website_id: looseIdField.optional(),
  page_id: looseIdField.optional(),
  product_page: z.boolean().optional(),
  pdp_layout: shortText.optional(),
  cart_id: idField.optional(),
  num_items_in_cart: z.number().int().min(0).max(1_000_000).optional(),
  product_types_list: z
    .array(z.union([shortText, z.number().int()]))
    .max(250)
    .optional(),
  item_id: looseIdField.optional(),
  item_type: z.union([shortText, z.number().int()]).optional(),
  item_title: shortText.optional(),
  item_variant_object: z.record(z.string().max(100), z.unknown()).optional(),
  /** Minor units (docs/behaviour/analytics.md#storefront-tracking-events: money is held in cents). */
  item_price: z.number().int().min(0).max(1e12).optional(),
  currency_code: currencyCode.optional(),
  item_quantity: z.number().int().min(0).max(9999).optional(),
  /** The purchase event (docs/behaviour/analytics.md#storefront-tracking-events): the order id and its amounts in minor units. */
  transaction_id: looseIdField.optional(),
  value: minorUnits.optional(),
  shipping: minorUnits.optional(),
  tax: minorUnits.optional(),
  items: z.array(purchaseItem).max(250).optional(),
});
export type TrackingEventFields = z.infer<typeof trackingEventFields>;
