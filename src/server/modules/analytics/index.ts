/** What other modules may use of visitor analytics: the daily reports and report ranges. */
export { dailySummary, type DaySummary } from './report-queries.ts';
export { daysOf, localDay, withinRange, type ReportRange } from './report-range.ts';
export { salesByDay, type SalesDay } from './sales-queries.ts';
export { rowPerKey } from './row-per-key.ts';
export { rebuildDailyRollup } from './daily-rollup.ts';
export { BatchWriter } from './batch-writer.ts';
export { siteFor } from './census-routes.ts';
export {
  enqueue,
  ingestionRouteOptions,
  registerIngestionScope,
  registerIngestionWriter,
} from './ingestion.ts';
export { ownerRouteOptions } from './owner-auth.ts';
export { reportRequest, type OwnerReportDeps } from './owner-routes.ts';
export { readTelemetryBody } from './request-body.ts';
export { registerAnalyticsRoutes } from './routes.ts';
export { type UnnestColumn, unnestInsert } from './unnest-insert.ts';
export { createTelemetryWriter, createUnnestWriter } from './telemetry-writer.ts';
