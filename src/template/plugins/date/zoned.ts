// Time-zone arithmetic through Intl (the runtime carries the tz database). Site zones are
// validated at import and in settings; a zone that still reaches rendering unknown is
// rendered in UTC, with one warning per zone, so output never depends on the host.

export interface ZonedParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number; // 0-23
  minute: number;
  second: number;
  weekday: number; // 0 = Sunday
  /** Offset from UTC in minutes (east positive). */
  offset: number;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();
const warned = new Set<string>();
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        weekday: 'short',
      });
    } catch {
      f = null;
      if (!warned.has(zone)) {
        warned.add(zone);
        console.warn(`Unknown time zone "${zone}": rendering in UTC`);
      }
    }
    formatters.set(zone, f);
  }
  return f;
}

/** Whether Intl knows the zone. */
export function isKnownZone(zone: string): boolean {
  return formatterFor(zone) !== null;
}

export function zonedParts(epochMs: number, zone: string): ZonedParts {
  const f = formatterFor(zone);
  if (!f) {
    const d = new Date(epochMs);
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
      weekday: d.getUTCDay(),
      offset: 0,
    };
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(epochMs)) p[part.type] = part.value;
  const year = Number(p.year);
  const month = Number(p.month);
  const day = Number(p.day);
  const hour = Number(p.hour);
  const minute = Number(p.minute);
  const second = Number(p.second);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const offset = Math.round((asUtc - (epochMs - (((epochMs % 1000) + 1000) % 1000))) / 60000);
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    weekday: WEEKDAYS[p.weekday ?? 'Sun'] ?? 0,
    offset,
  };
}

export function sameDay(a: number, b: number, zone: string): boolean {
  const x = zonedParts(a, zone);
  const y = zonedParts(b, zone);
  return x.year === y.year && x.month === y.month && x.day === y.day;
}

/** The zone to render in: the given one when Intl knows it, else UTC (with one warning). */
export function usableZone(zone: string): string {
  return isKnownZone(zone) ? zone : 'UTC';
}
