// The `date` formatter's strftime-style patterns, computed in the site's time zone.
import { cldrFor } from '../i18n/cldr.ts';
import { usableZone, zonedParts, type ZonedParts } from './zoned.ts';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY_MS = 86_400_000;

const pad = (n: number, width = 2, fill = '0'): string => String(n).padStart(width, fill);

function dayOfYear(p: ZonedParts): number {
  return Math.round((Date.UTC(p.year, p.month - 1, p.day) - Date.UTC(p.year, 0, 1)) / DAY_MS) + 1;
}

/**
 * Week of the year as the reference counts it for both `%U` and `%W`: weeks start on Sunday,
 * week 1 is the one holding January 1, so the last days of December in that week are week 1
 * of the next year.
 */
function sundayWeek(p: ZonedParts): number {
  const endOfWeek = new Date(Date.UTC(p.year, p.month - 1, p.day + 6 - p.weekday));
  if (endOfWeek.getUTCFullYear() > p.year) return 1;
  const jan1 = new Date(Date.UTC(p.year, 0, 1)).getUTCDay();
  return Math.floor((dayOfYear(p) - 1 + jan1) / 7) + 1;
}

function isoWeek(p: ZonedParts): { week: number; year: number } {
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day));
  const dow = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - dow);
  const year = d.getUTCFullYear();
  const week = Math.ceil(((d.getTime() - Date.UTC(year, 0, 1)) / DAY_MS + 1) / 7);
  return { week, year };
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** Abbreviations that are not the initials of the zone's long name. */
const CONVENTIONAL: Record<string, string> = {
  'Central European Standard Time': 'CET',
  'Central European Summer Time': 'CEST',
  'Western European Standard Time': 'WET',
  'Western European Summer Time': 'WEST',
  'Eastern European Standard Time': 'EET',
  'Eastern European Summer Time': 'EEST',
  'British Summer Time': 'BST',
  'Irish Standard Time': 'IST',
  'Moscow Standard Time': 'MSK',
};

/**
 * Short zone name as the tz database spells it for that instant (EST in 1969, LMT before
 * standard time, `+04` where the zone has no letters), as the reference prints it; Intl
 * names zones by CLDR metazones, which start in 1970. Intl's names remain for a zone the
 * tz data does not know.
 */
function zoneAbbreviation(epochMs: number, zone: string): string {
  const abbr = cldrFor('en-US')?.Calendars.timeZoneFromUTC(epochMs, usableZone(zone))?.abbr;
  return abbr || intlZoneAbbreviation(epochMs, zone);
}

/** Short zone name: Intl's abbreviation where it has one, else the initials of the long name (JST). */
function intlZoneAbbreviation(epochMs: number, zone: string): string {
  const get = (style: 'short' | 'long'): string => {
    const key = `${zone}|${style}`;
    let f = zoneNames.get(key);
    if (!f) {
      try {
        f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: style });
      } catch {
        f = new Intl.DateTimeFormat('en-US', { timeZoneName: style });
      }
      zoneNames.set(key, f);
    }
    return f.formatToParts(epochMs).find((x) => x.type === 'timeZoneName')?.value ?? '';
  };
  const short = get('short');
  if (!/^(GMT|UTC)[+-]/.test(short)) return short;
  const long = get('long');
  if (/^(GMT|UTC)/.test(long)) return short;
  return CONVENTIONAL[long] ?? long.replace(/[^A-Z]/g, '');
}

/**
 * The local time of day in milliseconds, as the reference counts a time with a fraction of a
 * millisecond: the time plus the zone's offset at that instant (from the tz data), in floating
 * point, so its rounding shows: -1e-7 in New York is 68399999.9999999 (18:59:59.9999999), and
 * a fraction too small to count is a whole day (hour 24) in UTC.
 */
function fractionalTimeOfDay(epochMs: number, whole: number, zone: string): number {
  const info = cldrFor('en-US')?.Calendars.timeZoneFromUTC(whole, usableZone(zone));
  const ofDay = (epochMs + (info?.offset ?? 0)) % DAY_MS;
  return ofDay < 0 ? ofDay + DAY_MS : ofDay;
}

function offset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

export function strftime(pattern: string, epochMs: number, zone: string): string {
  // A fraction of a millisecond belongs to the millisecond it started in, as in the
  // reference: -0.5 ms is 23:59:59 on the eve of the epoch (Intl would cut it toward zero).
  const whole = Math.floor(epochMs);
  let p = zonedParts(whole, zone);
  // The millisecond of a fraction, and the clock read as the reference reads it (above).
  let millis = ((whole % 1000) + 1000) % 1000;
  if (epochMs !== whole) {
    const ofDay = fractionalTimeOfDay(epochMs, whole, zone);
    millis = ofDay % 1000;
    const hour = Math.floor(ofDay / 3_600_000);
    const minute = Math.floor(ofDay / 60_000) % 60;
    p = { ...p, hour, minute, second: Math.floor(ofDay / 1000) % 60 };
  }
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const ampm = p.hour < 12 ? 'AM' : 'PM';
  const month = MONTHS[p.month - 1] ?? '';
  const day = DAYS[p.weekday] ?? '';
  const codes: Record<string, () => string> = {
    a: () => day.slice(0, 3),
    A: () => day,
    b: () => month.slice(0, 3),
    B: () => month,
    c: () =>
      `${day.slice(0, 3)}, ${month.slice(0, 3)} ${p.day}, ${p.year} ${h12}:${pad(p.minute)}:${pad(p.second)} ${ampm} ${zoneAbbreviation(whole, zone)}`,
    C: () => pad(Math.floor(p.year / 100)),
    d: () => pad(p.day),
    D: () => `${pad(p.month)}/${pad(p.day)}/${pad(p.year % 100)}`,
    e: () => pad(p.day, 2, ' '),
    F: () => `${p.year}-${pad(p.month)}-${pad(p.day)}`,
    g: () => pad(isoWeek(p).year % 100),
    G: () => String(isoWeek(p).year),
    h: () => month.slice(0, 3),
    H: () => pad(p.hour),
    I: () => pad(h12),
    j: () => pad(dayOfYear(p), 3),
    k: () => pad(p.hour, 2, ' '),
    l: () => pad(h12, 2, ' '),
    m: () => pad(p.month),
    M: () => pad(p.minute),
    n: () => '\n',
    N: () => pad(millis * 1_000_000, 9),
    p: () => ampm,
    P: () => ampm.toLowerCase(),
    q: () => String(Math.floor((p.month - 1) / 3) + 1),
    r: () => `${h12}:${pad(p.minute)}:${pad(p.second)} ${ampm}`,
    R: () => `${pad(p.hour)}:${pad(p.minute)}`,
    // Whole seconds toward zero, as in the reference (-1500 ms is -1).
    s: () => String(Math.trunc(epochMs / 1000)),
    S: () => pad(p.second),
    t: () => '\t',
    T: () => `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`,
    u: () => String(p.weekday === 0 ? 7 : p.weekday),
    U: () => pad(sundayWeek(p)),
    V: () => pad(isoWeek(p).week),
    w: () => String(p.weekday),
    W: () => pad(sundayWeek(p)),
    x: () => `${pad(p.month)}/${pad(p.day)}/${p.year}`,
    X: () => `${pad(h12)}:${pad(p.minute)}:${pad(p.second)} ${ampm}`,
    y: () => pad(p.year % 100),
    Y: () => String(p.year),
    z: () => offset(p.offset),
    Z: () => zoneAbbreviation(whole, zone),
    v: () => `${pad(p.day, 2, ' ')}-${month.slice(0, 3)}-${p.year}`,
    '%': () => '%',
  };
  // A directive strftime does not know prints nothing, as in the reference.
  return pattern.replace(/%(.)/g, (_, c: string) => codes[c]?.() ?? '');
}
