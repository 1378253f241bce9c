/** How the dashboard writes money, counts, rates, changes and dates (the browser's locale). */

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
