/**
 * A page-speed record (docs/behaviour/telemetry.md#page-speed-records): context, identity, delivery,
 * connection, display, hardware, collector version, timings and rum- user-timing measures.
 * POST /api/1/performance/records takes a JSON array of encoded records: each element is the
 * record's JSON text (or, from simple clients, the object itself).
 */
import { z } from 'zod';
import {
  clientTimeField,
  localeField,
  looseIdField,
  millisField,
  pathField,
  shortText,
  sizeField,
} from './fields.ts';
import { MAX_PAGE_SPEED_RECORDS_PER_REQUEST, USER_TIMING_PREFIX } from './limits.ts';

const flag = z.boolean().optional();
const bytes = z.number().int().min(0).max(1e10).optional();

const context = z.object({
  accountId: looseIdField.optional(),
  websiteId: looseIdField.optional(),
  websiteType: z.union([shortText, z.number().int()]).optional(),
  pageType: z.number().int().min(0).max(10_000).optional(),
  templateId: looseIdField.optional(),
  language: localeField.optional(),
  timeZone: z.string().max(64).optional(),
  platform: shortText.optional(),
  collectionType: z.number().int().min(0).max(10_000).optional(),
  createdOn: clientTimeField.optional(),
  developerMode: flag,
  impersonatedSession: flag,
  inFrame: flag,
  internal: flag,
  hstsEnabled: flag,
  ampEnabled: flag,
  cloneable: flag,
});

const identity = z.object({
  analyticsId: z.string().max(128).optional(),
  marketingId: z.string().max(128).optional(),
  memberId: z.string().max(128).optional(),
  hostName: z.string().max(253).optional(),
  path: pathField.optional(),
  hash: z.string().max(512).optional(),
});

const timings = z.object({
  layoutShift: z.number().finite().min(0).max(100).optional(),
  decodedBodySize: bytes,
  encodedBodySize: bytes,
  domContentLoadedEventStart: millisField.optional(),
  domContentLoadedEventEnd: millisField.optional(),
  domainLookup: millisField.optional(),
  tcpConnection: millisField.optional(),
  tlsNegotiation: millisField.optional(),
  firstContentfulPaint: millisField.optional(),
  firstInputDelay: millisField.optional(),
  largestContentfulPaint: millisField.optional(),
  /** Not in the spec's list; web-vitals' INP, which the owner report ranks. */
  interactionToNextPaint: millisField.optional(),
  loadEventStart: millisField.optional(),
  loadEventEnd: millisField.optional(),
  responseStart: millisField.optional(),
  timeToInteractive: millisField.optional(),
});

const markDetail = z.unknown().refine((value) => JSON.stringify(value ?? null).length <= 1024, {
  message: 'mark detail is too large',
});

const userTiming = z.object({
  name: z
    .string()
    .max(100)
    .refine((name) => name.startsWith(USER_TIMING_PREFIX), `must start with ${USER_TIMING_PREFIX}`),
  duration: millisField,
  startTime: millisField,
  startMark: markDetail.optional(),
  endMark: markDetail.optional(),
});

export const pageSpeedRecord = z.object({
  pageLoadId: z.string().min(1).max(128),
  context: context.optional(),
  identity: identity.optional(),
  deliveryType: z.enum(['beacon', 'xhr']).optional(),
  connection: z
    .object({
      downlink: z.number().finite().min(0).max(10_000).optional(),
      effectiveType: z.string().max(16).optional(),
      rtt: millisField.optional(),
      saveData: flag,
    })
    .optional(),
  display: z
    .object({
      pixelRatio: z.number().finite().min(0).max(16).optional(),
      screenWidth: sizeField.optional(),
      screenHeight: sizeField.optional(),
      viewportWidth: sizeField.optional(),
      viewportHeight: sizeField.optional(),
    })
    .optional(),
  hardware: z
    .object({
      deviceMemory: z.number().finite().min(0).max(1024).optional(),
      cpuCores: z.number().int().min(0).max(1024).optional(),
    })
    .optional(),
  collectorVersion: z.string().max(32).optional(),
  timings: timings.optional(),
  userTimings: z
    .array(userTiming)
    .max(100)
    .refine(
      (list) =>
        new Set(list.map((entry) => `${entry.name}\u0000${entry.duration}`)).size === list.length,
      'each user-timing name and duration pair is reported once',
    )
    .optional(),
});
export type PageSpeedRecord = z.infer<typeof pageSpeedRecord>;

const MAX_ENCODED_RECORD_LENGTH = 32 * 1024;

/** One element of the request array: the record's JSON text (empty text is an error) or the object. */
const encodedRecord = z
  .unknown()
  .transform((value, context) => {
    if (typeof value !== 'string') return value;
    if (value === '') {
      context.addIssue({ code: 'custom', message: 'empty encoded data' });
      return z.NEVER;
    }
    if (value.length > MAX_ENCODED_RECORD_LENGTH) {
      context.addIssue({ code: 'custom', message: 'encoded record is too large' });
      return z.NEVER;
    }
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'is not valid JSON' });
      return z.NEVER;
    }
  })
  .pipe(pageSpeedRecord);

export const pageSpeedRecordsBody = z
  .array(encodedRecord)
  .min(1, 'no payload')
  .max(MAX_PAGE_SPEED_RECORDS_PER_REQUEST);

/** The vitals the owner report ranks, read from a record's timings. */
export function recordVitals(record: PageSpeedRecord): {
  lcpMs: number | null;
  cls: number | null;
  inpMs: number | null;
  fcpMs: number | null;
  ttfbMs: number | null;
} {
  const t = record.timings ?? {};
  return {
    lcpMs: t.largestContentfulPaint ?? null,
    cls: t.layoutShift ?? null,
    inpMs: t.interactionToNextPaint ?? null,
    fcpMs: t.firstContentfulPaint ?? null,
    ttfbMs: t.responseStart ?? null,
  };
}
