/** What other modules may use of visitor analytics: the daily reports and report ranges. */
export { dailySummary, type DaySummary } from './report-queries.ts';
export { daysOf, localDay, withinRange, type ReportRange } from './report-range.ts';
export { salesByDay, type SalesDay } from './sales-queries.ts';
