/**
 * The date range of an owner report: `from` and `to` are calendar days (YYYY-MM-DD, inclusive)
 * in the site's time zone, at most 366 days apart. Bounds become SQL timestamps so the indexed
 * `occurred_at` column is compared directly.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export const MAX_REPORT_DAYS = 366;
const DAY_MS = 86_400_000;

const day = z.iso.date();

export const reportRangeQuery = z
  .object({ from: day, to: day })
  .refine((range) => range.from <= range.to, { message: 'must not be after to', path: ['from'] })
  .refine((range) => (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS < MAX_REPORT_DAYS, {
    message: `the range is at most ${MAX_REPORT_DAYS} days`,
    path: ['to'],
  });
export type ReportRange = z.infer<typeof reportRangeQuery>;

/** `column` within the range's days, midnight to midnight in `timeZone`. */
export function withinRange(column: AnyPgColumn, range: ReportRange, timeZone: string): SQL {
  return sql`${column} >= (${range.from}::date::timestamp at time zone ${timeZone})
    and ${column} < ((${range.to}::date + 1)::timestamp at time zone ${timeZone})`;
}

/** The calendar day (YYYY-MM-DD) of `column` in `timeZone`. */
export function localDay(column: AnyPgColumn | SQL, timeZone: string): SQL<string> {
  return sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;
}

/** Every day of the range, so a report shows days without traffic as zeros. */
export function daysOf(range: ReportRange): string[] {
  const days: string[] = [];
  for (let time = Date.parse(range.from); time <= Date.parse(range.to); time += DAY_MS) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}
