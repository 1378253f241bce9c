// Subscription wording (docs/behaviour/subscriptions.md#wording): how often a plan bills and for how long.
// 52 weeks or 12 months make a year; a finite plan's length shows in years when it
// divides evenly, unless the caller keeps the original unit.

export type BillingUnit = 'WEEK' | 'MONTH' | 'YEAR';

export interface SubscriptionPlan {
  readonly billingPeriod: { readonly value: number; readonly unit: BillingUnit };
  /** Number of billing cycles; 0 means the plan runs until cancelled. */
  readonly numBillingCycles: number;
}

export interface Duration {
  readonly value: number;
  readonly unit: BillingUnit;
}

const WORDS: Record<BillingUnit, { adverb: string; one: string; many: string }> = {
  WEEK: { adverb: 'Weekly', one: 'week', many: 'weeks' },
  MONTH: { adverb: 'Monthly', one: 'month', many: 'months' },
  YEAR: { adverb: 'Yearly', one: 'year', many: 'years' },
};

const PER_YEAR: Partial<Record<BillingUnit, number>> = { WEEK: 52, MONTH: 12 };

const UNITS = new Set<string>(['WEEK', 'MONTH', 'YEAR']);

/** Reads a plan from template data (`subscriptionPlan`); null when it is not a usable one. */
export function readSubscriptionPlan(v: unknown): SubscriptionPlan | null {
  if (typeof v !== 'object' || v === null) return null;
  const { billingPeriod, numBillingCycles } = v as Record<string, unknown>;
  if (typeof billingPeriod !== 'object' || billingPeriod === null) return null;
  const { value, unit } = billingPeriod as Record<string, unknown>;
  const upper = typeof unit === 'string' ? unit.toUpperCase() : '';
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || !UNITS.has(upper))
    return null;
  const cycles =
    typeof numBillingCycles === 'number' &&
    Number.isInteger(numBillingCycles) &&
    numBillingCycles > 0
      ? numBillingCycles
      : 0;
  return { billingPeriod: { value, unit: upper as BillingUnit }, numBillingCycles: cycles };
}

/** The unit word for a count: 1 week, 2 weeks. */
export function unitWord(unit: BillingUnit, n: number): string {
  return n === 1 ? WORDS[unit].one : WORDS[unit].many;
}

/** 'every week', 'every month', 'every year', 'every {n} weeks'. */
export function billingFrequency(plan: SubscriptionPlan): string {
  const { value, unit } = plan.billingPeriod;
  return value === 1 ? `every ${WORDS[unit].one}` : `every ${value} ${WORDS[unit].many}`;
}

/** A finite plan's total length (in years when it divides evenly); null for a plan that runs until cancelled. */
export function planDuration(
  plan: SubscriptionPlan,
  options: { keepOriginalUnit?: boolean } = {},
): Duration | null {
  if (plan.numBillingCycles <= 0) return null;
  const { value, unit } = plan.billingPeriod;
  const total = value * plan.numBillingCycles;
  const perYear = PER_YEAR[unit];
  if (!options.keepOriginalUnit && perYear !== undefined && total % perYear === 0)
    return { value: total / perYear, unit: 'YEAR' };
  return { value: total, unit };
}

/** 'for 1 year', 'for {d} years', 'for 6 months'. */
export function durationPhrase(d: Duration): string {
  return `for ${d.value} ${unitWord(d.unit, d.value)}`;
}

/** 'every 2 weeks for 1 year', or just 'every month' for a plan that runs until cancelled. */
export function subscriptionWording(
  plan: SubscriptionPlan,
  options: { keepOriginalUnit?: boolean } = {},
): string {
  const d = planDuration(plan, options);
  return d ? `${billingFrequency(plan)} ${durationPhrase(d)}` : billingFrequency(plan);
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The site's localized-string key for a price with this plan, e.g.
 * `productPrice__singlePrice__nWeekly__limited__1Year` or `productPrice__fromPrice__1Monthly__indefinite`.
 */
export function wordingKey(kind: 'single' | 'from', plan: SubscriptionPlan): string {
  const { value, unit } = plan.billingPeriod;
  const head = `productPrice__${kind}Price__${value === 1 ? '1' : 'n'}${WORDS[unit].adverb}__`;
  const d = planDuration(plan);
  if (!d) return `${head}indefinite`;
  return `${head}limited__${d.value === 1 ? '1' : 'n'}${cap(unitWord(d.unit, d.value))}`;
}
