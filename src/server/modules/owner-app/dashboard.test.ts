import { describe, expect, it } from 'vitest';
import { dayIn, periodRanges } from './dashboard.ts';

describe('dashboard periods', () => {
  it("takes today's calendar day in the site's time zone", () => {
    const instant = new Date('2026-11-27T02:30:00Z');
    expect(dayIn('UTC', instant)).toBe('2026-11-27');
    expect(dayIn('America/New_York', instant)).toBe('2026-11-26');
    expect(dayIn('Asia/Tokyo', new Date('2026-11-27T20:00:00Z'))).toBe('2026-11-28');
  });

  it('compares a period with the same number of days just before it', () => {
    expect(periodRanges('2026-11-27', 1)).toEqual({
      current: { from: '2026-11-27', to: '2026-11-27' },
      previous: { from: '2026-11-26', to: '2026-11-26' },
    });
    expect(periodRanges('2026-03-02', 7)).toEqual({
      current: { from: '2026-02-24', to: '2026-03-02' },
      previous: { from: '2026-02-17', to: '2026-02-23' },
    });
    expect(periodRanges('2026-11-27', 30).previous).toEqual({
      from: '2026-09-29',
      to: '2026-10-28',
    });
  });
});
