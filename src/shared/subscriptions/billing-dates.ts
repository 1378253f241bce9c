// When a subscription bills (docs/behaviour/subscriptions.md#subscription-plans). Dates are counted from
// the first order (the anchor), never from the previous renewal, so a month-end start keeps
// its day: Jan 31 → Feb 28 (29 in a leap year) → Mar 31 → Apr 30. Weeks are 7 days; a
// year is 12 months (Feb 29 → Feb 28 in other years). Calendar arithmetic is in UTC.

import type { SubscriptionPlan } from './wording.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type BillingPeriod = SubscriptionPlan['billingPeriod'];

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

function addMonths(anchor: Date, months: number): Date {
  const total = anchor.getUTCMonth() + months;
  const year = anchor.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The date `periods` billing periods after the anchor (0 is the anchor itself). */
export function billingDate(anchor: Date, period: BillingPeriod, periods: number): Date {
  if (!Number.isInteger(periods) || periods < 0)
    throw new RangeError(`periods must be a whole number ≥ 0, got ${periods}`);
  if (!Number.isInteger(period.value) || period.value < 1)
    throw new RangeError(`a billing period is at least 1 ${period.unit}, got ${period.value}`);
  const steps = period.value * periods;
  switch (period.unit) {
    case 'WEEK':
      return new Date(anchor.getTime() + steps * 7 * DAY_MS);
    case 'MONTH':
      return addMonths(anchor, steps);
    case 'YEAR':
      return addMonths(anchor, steps * 12);
  }
}

/**
 * When the cycle after `cyclesCompleted` bills: the first order is cycle 1 on the anchor, so
 * cycle n + 1 is n periods after it.
 */
export function nextBillingDate(
  anchor: Date,
  period: BillingPeriod,
  cyclesCompleted: number,
): Date {
  return billingDate(anchor, period, cyclesCompleted);
}

/** A plan of n cycles is done after its n-th paid cycle; 0 cycles means it never ends. */
export function isPlanComplete(numBillingCycles: number, cyclesCompleted: number): boolean {
  return numBillingCycles > 0 && cyclesCompleted >= numBillingCycles;
}
