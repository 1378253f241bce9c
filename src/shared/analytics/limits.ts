/**
 * Limits and names that both the browser clients and the server enforce
 * (docs/behaviour/analytics.md#limits, docs/behaviour/telemetry.md#limits).
 */

/** The census visitor cookie (docs/behaviour/analytics.md#cookies-and-identity: "Visitor cookie for hits is ss_cvr"). */
export const VISITOR_COOKIE = 'ss_cvr';
/** Cookies cleared when tracking is restricted (docs/behaviour/analytics.md#cookies-and-identity). */
export const RESTRICTED_TRACKING_COOKIES = [
  'ss_cid',
  'ss_cpvisit',
  'ss_cvisit',
  'ss_cvr',
  'ss_cvt',
] as const;
/** A visit ends after this much quiet: the visit-timing cookie lasts 30 minutes. */
export const VISIT_TIMEOUT_MS = 30 * 60 * 1000;
/** Analytics request time-out in the browser (docs/behaviour/analytics.md#limits). */
export const ANALYTICS_REQUEST_TIMEOUT_MS = 2500;

/** Script error reporting (docs/behaviour/telemetry.md#script-errors). */
export const MAX_ERROR_SENDS_PER_PAGE = 20;
export const MAX_QUEUED_ERROR_EVENTS = 10;
export const MAX_STACK_LENGTH = 5000;
export const ERROR_DEBOUNCE_MS = 1000;

/** Page-speed collector timings (docs/behaviour/telemetry.md#page-speed-collector). */
export const PERFORMANCE_SETTINGS_TIMEOUT_MS = 30_000;
export const PERFORMANCE_FLUSH_DELAY_MS = 30_000;
export const PERFORMANCE_METRIC_WAIT_MS = 60_000;
/** Only user-timing measures with this prefix are reported (docs/behaviour/telemetry.md#page-speed-collector). */
export const USER_TIMING_PREFIX = 'rum-';

/** Vitrine's own size limits: a real page's payloads are far below these. */
export const MAX_VISITOR_ID_LENGTH = 128;
export const MAX_PATH_LENGTH = 2083;
export const MAX_EVENT_NAME_LENGTH = 100;
export const MAX_PAGE_SPEED_RECORDS_PER_REQUEST = 50;
