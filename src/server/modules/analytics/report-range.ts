/**
 * The date range of an owner report: `from` and `to` are calendar days (YYYY-MM-DD, inclusive)
 * in the site's time zone, at most 366 days apart. Without them a report covers the last 30 days
 * ending today in the site's time zone; with only `from`, it ends today; with only `to`, it is the
 * 30 days ending then. `days` (1–366) asks for that many days instead of 30 when `from` is left
 * out, so a browser that does not know the site's time zone can ask for "the last 7 days". Bounds become SQL timestamps so the indexed `occurred_at` column is
 * compared directly. Refusals name the field and say what is expected, for the person who typed it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../../shared/errors.ts';

export const MAX_REPORT_DAYS = 366;
/** The range of a report asked for without `from` and `to`. */
export const DEFAULT_REPORT_DAYS = 30;
const DAY_MS = 86_400_000;

export const REPORT_RANGE_MESSAGES = {
  from: 'from must be a date such as 2026-11-01',
  to: 'to must be a date such as 2026-11-30',
  order: 'from must not be after to',
  length: `A report covers at most ${MAX_REPORT_DAYS} days: choose a later from or an earlier to`,
  days: `days must be a whole number from 1 to ${MAX_REPORT_DAYS}`,
} as const;

const reportRangeQuery = z.object({
  from: z.iso.date({ error: REPORT_RANGE_MESSAGES.from }).optional(),
  to: z.iso.date({ error: REPORT_RANGE_MESSAGES.to }).optional(),
  days: z.coerce
    .number({ error: REPORT_RANGE_MESSAGES.days })
    .int({ error: REPORT_RANGE_MESSAGES.days })
    .min(1, { error: REPORT_RANGE_MESSAGES.days })
    .max(MAX_REPORT_DAYS, { error: REPORT_RANGE_MESSAGES.days })
    .optional(),
});

export interface ReportRange {
  readonly from: string;
  readonly to: string;
}

/** Today's calendar day (YYYY-MM-DD) in `timeZone`. */
export function dayIn(timeZone: string, now: Date): string {
  // en-CA formats a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
}

function refuse(field: 'from' | 'to' | 'days', message: string): AppError {
  return new AppError('VALIDATION_FAILED', {
    message: `${message}.`,
    fields: { [field]: message },
  });
}

/** The range a report query asks for, defaults filled in the site's time zone; refusals throw. */
export function reportRange(query: unknown, timeZone: string, now = new Date()): ReportRange {
  const parsed = reportRangeQuery.safeParse(query ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'to' || issue?.path[0] === 'days' ? issue.path[0] : 'from';
    throw refuse(field, REPORT_RANGE_MESSAGES[field]);
  }
  const to = parsed.data.to ?? dayIn(timeZone, now);
  const from = parsed.data.from ?? shiftDay(to, 1 - (parsed.data.days ?? DEFAULT_REPORT_DAYS));
  if (from > to) throw refuse('from', REPORT_RANGE_MESSAGES.order);
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= MAX_REPORT_DAYS)
    throw refuse('to', REPORT_RANGE_MESSAGES.length);
  return { from, to };
}

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
