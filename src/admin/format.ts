/** How the dashboard writes money, counts, rates, changes and dates (the browser's locale). */
import type { ContentStatus } from '../shared/site-file/enums.ts';

/** A product's or page's status as the owner reads it. */
export const STATUS_LABELS: Readonly<Record<ContentStatus, string>> = {
  published: 'Published',
  scheduled: 'Scheduled',
  'needs-review': 'Needs review',
  draft: 'Draft',
  private: 'Private',
};

/**
 * An ISO date-time as a `datetime-local` input's value ("2026-03-14T15:09"), in the owner's own
 * time zone, and back: the input has no zone, so the browser's is the one the owner means.
 */
export function toLocalInput(iso: string | undefined): string {
  if (iso === undefined) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as an ISO date-time, or undefined when it is empty or no time. */
export function fromLocalInput(value: string): string | undefined {
  if (value === '') return undefined;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** Minor units → the currency's major units, with its own fraction digits (JPY 0, EUR 2). */
export function formatMoney(minor: number, currency: string): string {
  const format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat().format(value);
}

export function formatPercent(ratio: number): string {
  return new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 }).format(
    ratio,
  );
}

/** The change from the previous period, as words a screen reader reads well. */
export function formatChange(value: number, previous: number): string {
  if (previous === 0) return value === 0 ? 'no change' : 'new this period';
  const change = (value - previous) / previous;
  if (change === 0) return 'no change';
  return `${change > 0 ? 'up' : 'down'} ${formatPercent(Math.abs(change))} on the previous period`;
}

export function formatDateTime(epochMs: number): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    epochMs,
  );
}

/** A YYYY-MM-DD day, written short ("Nov 27"); read as UTC so the day does not shift. */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(Date.parse(day));
}

/** How many minor units make one major unit of a currency (100 for EUR, 1 for JPY). */
export function minorPerMajor(currency: string): number {
  const digits =
    new Intl.NumberFormat(undefined, { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return 10 ** digits;
}
