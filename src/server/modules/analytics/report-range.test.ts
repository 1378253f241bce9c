import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors.ts';
import { REPORT_RANGE_MESSAGES, reportRange } from './report-range.ts';

const NOW = new Date('2026-11-27T02:30:00Z');

function refusal(query: unknown): unknown {
  try {
    reportRange(query, 'UTC', NOW);
  } catch (error) {
    return error instanceof AppError ? error.fields : error;
  }
  throw new Error('not refused');
}

describe('report ranges', () => {
  it("ends today in the site's time zone, 30 days long by default", () => {
    expect(reportRange({}, 'UTC', NOW)).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(reportRange({}, 'America/New_York', NOW)).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
    });
  });

  it('takes `days` for the last so many days, and `from` before it', () => {
    expect(reportRange({ days: '7' }, 'UTC', NOW)).toEqual({
      from: '2026-11-21',
      to: '2026-11-27',
    });
    expect(reportRange({ days: '1' }, 'Asia/Tokyo', NOW)).toEqual({
      from: '2026-11-27',
      to: '2026-11-27',
    });
    expect(reportRange({ days: '7', to: '2026-01-07' }, 'UTC', NOW)).toEqual({
      from: '2026-01-01',
      to: '2026-01-07',
    });
    expect(reportRange({ days: '7', from: '2026-11-01' }, 'UTC', NOW).from).toBe('2026-11-01');
  });

  it('refuses days that are not a whole number from 1 to 366, naming the field', () => {
    for (const days of ['0', '367', '2.5', 'week'])
      expect(refusal({ days })).toEqual({ days: REPORT_RANGE_MESSAGES.days });
    expect(refusal({ from: 'yesterday' })).toEqual({ from: REPORT_RANGE_MESSAGES.from });
    expect(refusal({ to: '2026-02-30x' })).toEqual({ to: REPORT_RANGE_MESSAGES.to });
  });
});
