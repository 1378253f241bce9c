/**
 * v2 events (POST /api/v1/clanker/events): `eventContent` is a JSON string validated against
 * the schema named by `eventSchemaName`. Every schema shares the v2 content fields of
 * docs/behaviour/analytics.md#events; Performance adds its fixed fields, StorefrontEvent the storefront tracking
 * fields, PageView nothing more.
 */
import { z } from 'zod';
import {
  clientTimeField,
  idField,
  localeField,
  longText,
  looseIdField,
  millisField,
  pathField,
  shortText,
  sizeField,
} from './fields.ts';
import { trackingEventFields } from './tracking-fields.ts';

export const V2_ENVIRONMENTS = ['dev', 'staging', 'qa', 'prod'] as const;

/** The v2 content fields every schema shares (docs/behaviour/analytics.md#events). */
export const v2CommonFields = z.object({
  analytics_id: z.string().max(128).optional(),
  browser_language: localeField.optional(),
  window_size: z.object({ width: sizeField, height: sizeField }).optional(),
  client_name: shortText.optional(),
  client_version: z.string().max(64).optional(),
  marketing_id: z.string().max(128).optional(),
  page_host: z.string().max(253).optional(),
  page_path: pathField.optional(),
  query_params: z.record(z.string().max(256), z.string().max(2083)).optional(),
  referrer: longText.optional(),
  session_id: z.string().max(128).optional(),
  user_agent: z.string().max(512).optional(),
  timestamp: clientTimeField.optional(),
  schema_name: z.string().max(100).optional(),
  source_environment: z.enum(V2_ENVIRONMENTS).optional(),
  website_id: looseIdField.optional(),
  destination_url: longText.optional(),
  member_account_id: looseIdField.optional(),
  object_identifier: z.string().max(256).optional(),
  resolved_locale: localeField.optional(),
  website_locale: localeField.optional(),
  member_account_locale: localeField.optional(),
});

/** Performance: fixed fields (docs/behaviour/analytics.md#events) plus the page's vitals when the client sends them. */
export const performanceEventContent = v2CommonFields.extend({
  action: z.literal('load'),
  actor: z.literal('user'),
  owner_team: z.literal('web_performance'),
  source: z.literal('web'),
  object_type: z.literal('website'),
  page_load_id: z.string().max(128).optional(),
  page_type: z.number().int().min(0).max(10_000).optional(),
  largest_contentful_paint: millisField.optional(),
  first_contentful_paint: millisField.optional(),
  interaction_to_next_paint: millisField.optional(),
  time_to_first_byte: millisField.optional(),
  cumulative_layout_shift: z.number().finite().min(0).max(100).optional(),
});

export const storefrontEventContent = v2CommonFields.extend(trackingEventFields.shape);

export const pageViewEventContent = v2CommonFields.extend({ page_id: idField.optional() });

/** The registry the events and validate endpoints look schemas up in, by exact name. */
export const V2_EVENT_SCHEMAS = {
  Performance: performanceEventContent,
  StorefrontEvent: storefrontEventContent,
  PageView: pageViewEventContent,
} as const;
export type V2SchemaName = keyof typeof V2_EVENT_SCHEMAS;

export function isV2SchemaName(name: string): name is V2SchemaName {
  return Object.hasOwn(V2_EVENT_SCHEMAS, name);
}

export const MAX_V2_CONTENT_LENGTH = 16 * 1024;

/** The outer body of POST /api/v1/clanker/events. */
export const clankerEventBody = z.object({
  eventContent: z.string().min(1, 'no payload').max(MAX_V2_CONTENT_LENGTH),
  eventSchemaName: z.string().min(1).max(100),
});
