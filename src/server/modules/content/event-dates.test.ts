import { describe, expect, it } from 'vitest';
import { dateInZone, formatEventDates } from './event-dates.ts';

const start = new Date('2026-07-04T14:00:00Z');
const end = new Date('2026-07-04T20:00:00Z');

describe('formatEventDates', () => {
  it("shows times in the site's time zone, naming the zone", () => {
    expect(
      formatEventDates({ startDate: start, endDate: end, allDay: false }, 'America/New_York'),
    ).toEqual({
      range: 'Saturday, July 4, 2026, 10:00 AM – 4:00 PM EDT',
      startIso: '2026-07-04T14:00:00.000Z',
      endIso: '2026-07-04T20:00:00.000Z',
    });
    expect(
      formatEventDates({ startDate: start, endDate: end, allDay: false }, 'Asia/Tokyo').range,
    ).toBe('Saturday, July 4, 2026 at 11:00 PM GMT+9 – Sunday, July 5, 2026 at 5:00 AM GMT+9');
  });

  it('shows dates only for an all-day event', () => {
    expect(
      formatEventDates({ startDate: start, endDate: end, allDay: true }, 'America/New_York').range,
    ).toBe('Saturday, July 4, 2026');
  });
});

describe('dateInZone', () => {
  it('gives the calendar date where the site is, not in UTC', () => {
    const lateEvening = new Date('2026-07-05T02:00:00Z');
    expect(dateInZone(lateEvening, 'America/New_York')).toBe('20260704');
    expect(dateInZone(lateEvening, 'UTC')).toBe('20260705');
  });
});
