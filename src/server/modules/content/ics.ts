/**
 * An event as an iCalendar file (RFC 5545) for the "Add to calendar" link: one VEVENT with the
 * title, times in UTC (or, all day, whole dates in the site's time zone with the exclusive end
 * the format wants), location, link and summary. Text is escaped and lines folded at 75 octets.
 */
import { dateInZone } from './event-dates.ts';

export interface CalendarEvent {
  readonly uid: string;
  readonly title: string;
  readonly startDate: Date;
  readonly endDate: Date;
  readonly allDay: boolean;
  readonly location?: string | undefined;
  readonly url?: string | undefined;
  readonly description?: string | undefined;
}

/** Compact UTC form, as calendar links carry it (docs/behaviour/money-and-time.md#calendar-links): 20260704T080000Z. */
export function compactUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets (continuation lines start with a space), never inside a character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const chunks: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = chunks.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      chunks.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  chunks.push(current);
  return chunks.join('\r\n ');
}

function nextDay(yyyymmdd: string): string {
  const date = new Date(
    Date.UTC(
      Number(yyyymmdd.slice(0, 4)),
      Number(yyyymmdd.slice(4, 6)) - 1,
      Number(yyyymmdd.slice(6, 8)) + 1,
    ),
  );
  return date.toISOString().slice(0, 10).replace(/-/g, '');
}

export function buildIcs(event: CalendarEvent, timeZone: string, now = new Date()): string {
  const when = event.allDay
    ? [
        `DTSTART;VALUE=DATE:${dateInZone(event.startDate, timeZone)}`,
        `DTEND;VALUE=DATE:${nextDay(dateInZone(event.endDate, timeZone))}`,
      ]
    : [`DTSTART:${compactUtc(event.startDate)}`, `DTEND:${compactUtc(event.endDate)}`];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Vitrine//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${compactUtc(now)}`,
    ...when,
    `SUMMARY:${escapeIcsText(event.title)}`,
    ...(event.location ? [`LOCATION:${escapeIcsText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
