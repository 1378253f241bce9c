import { describe, expect, it } from 'vitest';
import { billingDate, isPlanComplete, nextBillingDate } from './billing-dates.ts';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('billingDate', () => {
  it('adds weeks as 7 days each, keeping the time of day', () => {
    const anchor = at('2026-03-02T10:15:00.000Z');
    expect(iso(billingDate(anchor, { value: 1, unit: 'WEEK' }, 1))).toBe(
      '2026-03-09T10:15:00.000Z',
    );
    expect(iso(billingDate(anchor, { value: 2, unit: 'WEEK' }, 3))).toBe(
      '2026-04-13T10:15:00.000Z',
    );
  });

  it('adds calendar months and clamps to the end of shorter months', () => {
    const anchor = at('2026-01-31T09:00:00.000Z');
    const monthly = { value: 1, unit: 'MONTH' } as const;
    expect(iso(billingDate(anchor, monthly, 1))).toBe('2026-02-28T09:00:00.000Z');
    expect(iso(billingDate(anchor, monthly, 2))).toBe('2026-03-31T09:00:00.000Z');
    expect(iso(billingDate(anchor, monthly, 3))).toBe('2026-04-30T09:00:00.000Z');
    expect(iso(billingDate(at('2028-01-31T00:00:00.000Z'), monthly, 1))).toBe(
      '2028-02-29T00:00:00.000Z',
    );
  });

  it('counts from the anchor, so a clamped month does not drift later dates', () => {
    const anchor = at('2026-01-30T12:00:00.000Z');
    const monthly = { value: 1, unit: 'MONTH' } as const;
    expect(iso(billingDate(anchor, monthly, 1))).toBe('2026-02-28T12:00:00.000Z');
    expect(iso(billingDate(anchor, monthly, 2))).toBe('2026-03-30T12:00:00.000Z');
  });

  it('crosses year ends and handles multi-month periods', () => {
    const anchor = at('2026-11-15T00:00:00.000Z');
    expect(iso(billingDate(anchor, { value: 3, unit: 'MONTH' }, 1))).toBe(
      '2027-02-15T00:00:00.000Z',
    );
    expect(iso(billingDate(anchor, { value: 1, unit: 'MONTH' }, 14))).toBe(
      '2028-01-15T00:00:00.000Z',
    );
  });

  it('adds years, Feb 29 becoming Feb 28 in common years', () => {
    const anchor = at('2028-02-29T08:00:00.000Z');
    expect(iso(billingDate(anchor, { value: 1, unit: 'YEAR' }, 1))).toBe(
      '2029-02-28T08:00:00.000Z',
    );
    expect(iso(billingDate(anchor, { value: 2, unit: 'YEAR' }, 2))).toBe(
      '2032-02-29T08:00:00.000Z',
    );
  });

  it('is the anchor for 0 periods and refuses negative or fractional counts', () => {
    const anchor = at('2026-05-05T05:05:05.005Z');
    expect(iso(billingDate(anchor, { value: 1, unit: 'MONTH' }, 0))).toBe(iso(anchor));
    expect(() => billingDate(anchor, { value: 1, unit: 'MONTH' }, -1)).toThrow(RangeError);
    expect(() => billingDate(anchor, { value: 1, unit: 'MONTH' }, 1.5)).toThrow(RangeError);
    expect(() => billingDate(anchor, { value: 0, unit: 'WEEK' }, 1)).toThrow(RangeError);
  });
});

describe('nextBillingDate', () => {
  it('bills cycle n + 1 n periods after the first order (cycle 1)', () => {
    const anchor = at('2026-01-31T00:00:00.000Z');
    expect(iso(nextBillingDate(anchor, { value: 1, unit: 'MONTH' }, 1))).toBe(
      '2026-02-28T00:00:00.000Z',
    );
    expect(iso(nextBillingDate(anchor, { value: 1, unit: 'WEEK' }, 2))).toBe(
      '2026-02-14T00:00:00.000Z',
    );
  });
});

describe('isPlanComplete', () => {
  it('ends a plan of n cycles after its n-th cycle and never ends a plan of 0 cycles', () => {
    expect(isPlanComplete(3, 2)).toBe(false);
    expect(isPlanComplete(3, 3)).toBe(true);
    expect(isPlanComplete(1, 1)).toBe(true);
    expect(isPlanComplete(0, 1)).toBe(false);
    expect(isPlanComplete(0, 10_000)).toBe(false);
  });
});
