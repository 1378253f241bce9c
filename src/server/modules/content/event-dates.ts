/**
 * Event dates as a visitor reads them: in the site's time zone (docs/behaviour/money-and-time.md#time-zones),
 * never the server's, with the zone named for timed events. All-day events show dates only.
 */

export interface EventWhen {
  readonly startDate: Date;
  readonly endDate: Date;
  readonly allDay: boolean;
}

export interface EventDateTexts {
  /** "Saturday, July 4, 2026, 10:00 AM – 4:00 PM EDT" or "Saturday, July 4, 2026". */
  readonly range: string;
  /** Machine-readable start and end for `<time datetime>`. */
  readonly startIso: string;
  readonly endIso: string;
}

export function formatEventDates(
  event: EventWhen,
  timeZone: string,
  locale = 'en-US',
): EventDateTexts {
  const options: Intl.DateTimeFormatOptions = event.allDay
    ? { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }
    : {
        timeZone,
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      };
  const format = new Intl.DateTimeFormat(locale, options);
  return {
    // ICU puts narrow and thin spaces around times and dashes; plain spaces read the same everywhere.
    range: format.formatRange(event.startDate, event.endDate).replace(/[\u202f\u2009]/g, ' '),
    startIso: event.startDate.toISOString(),
    endIso: event.endDate.toISOString(),
  };
}

/** The calendar date (YYYYMMDD) of an instant in a time zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}`;
}
