import { describe, expect, it } from 'vitest';
import { buildIcs, compactUtc, escapeIcsText, foldLine } from './ics.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const market = {
  uid: 'market@vitrine-demo',
  title: 'Summer market; linen, paper',
  startDate: new Date('2026-07-04T14:00:00Z'),
  endDate: new Date('2026-07-04T20:00:00Z'),
  allDay: false,
  location: '1 Quay St, Lyon',
  url: 'https://shop.example/events/market',
  description: 'Line one\nline two',
};

describe('buildIcs', () => {
  it('writes one VEVENT in UTC with escaped text and CRLF line ends', () => {
    expect(buildIcs(market, 'America/New_York', NOW)).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Vitrine//Events//EN',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'BEGIN:VEVENT',
        'UID:market@vitrine-demo',
        'DTSTAMP:20260601T120000Z',
        'DTSTART:20260704T140000Z',
        'DTEND:20260704T200000Z',
        'SUMMARY:Summer market\\; linen\\, paper',
        'LOCATION:1 Quay St\\, Lyon',
        'URL:https://shop.example/events/market',
        'DESCRIPTION:Line one\\nline two',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it("writes an all-day event as whole dates in the site's zone, the end exclusive", () => {
    const ics = buildIcs(
      {
        ...market,
        allDay: true,
        startDate: new Date('2026-07-04T04:00:00Z'),
        endDate: new Date('2026-07-06T02:00:00Z'),
      },
      'America/New_York',
      NOW,
    );
    expect(ics).toContain('DTSTART;VALUE=DATE:20260704\r\n');
    expect(ics).toContain('DTEND;VALUE=DATE:20260706\r\n');
  });

  it('leaves out what the event does not have', () => {
    const ics = buildIcs(
      { uid: 'x', title: 'T', startDate: NOW, endDate: NOW, allDay: false },
      'UTC',
      NOW,
    );
    expect(ics).not.toMatch(/LOCATION|URL|DESCRIPTION/);
  });
});

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and new lines', () => {
    expect(escapeIcsText('a\\b;c,d\r\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const folded = foldLine(`SUMMARY:${'é'.repeat(60)}`);
    const lines = folded.split('\r\n');
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(
      `SUMMARY:${'é'.repeat(60)}`,
    );
  });

  it('writes UTC instants in compact form', () => {
    expect(compactUtc(new Date('2013-11-15T12:30:30.123Z'))).toBe('20131115T123030Z');
  });
});
