// CLDR date formatting in the site's time zone: datetime, datetime-interval, relative-time.
import type {
  CalendarDate,
  CalendarType,
  CLDR,
  DateFieldWidthType,
  DateFormatOptions,
  FormatWidthType,
  RelativeTimeFormatOptions,
  TimePeriodField,
} from '@phensley/cldr';
import { toNumber } from '../../values.ts';
import type { ParsedArgs } from './options.ts';

const WIDTHS = new Set(['short', 'medium', 'long', 'full']);
const isWidth = (s: string | undefined): s is FormatWidthType => s !== undefined && WIDTHS.has(s);

export function epochOf(v: unknown): number | null {
  const n = toNumber(v);
  return Number.isFinite(n) ? n : null;
}

export function zoned(cldr: CLDR, epoch: number, zone: string): CalendarDate {
  return cldr.Calendars.toGregorianDate({ date: epoch, zoneId: zone });
}

/** What becomes of the narrow and thin spaces CLDR puts in dates and ranges. */
export type Spacing = (s: string) => string;

/**
 * Newer CLDR data puts U+202F before AM/PM and U+2009 inside ranges; template output keeps
 * plain spaces (docs/adr/002, "Plain spaces in dates").
 */
export const plainSpaces: Spacing = (s) => s.replace(/[\u202f\u2009]/g, ' ');

/** CLDR's spaces as they are: the reference's output, used to explain differences. */
export const cldrSpaces: Spacing = (s) => s;

export function formatDatetime(
  cldr: CLDR,
  v: unknown,
  p: ParsedArgs,
  zone: string,
  spacing: Spacing = plainSpaces,
): string {
  return spacing(formatDatetimeRaw(cldr, v, p, zone));
}

function formatDatetimeRaw(cldr: CLDR, v: unknown, p: ParsedArgs, zone: string): string {
  const epoch = epochOf(v);
  if (epoch === null) return '';
  return cldr.Calendars.formatDate(zoned(cldr, epoch, zone), datetimeOptions(p));
}

// Options per call site, built once: CLDR's date formatter does not modify them.
const datetimeCache = new WeakMap<ParsedArgs, DateFormatOptions>();

/**
 * The options as the reference hands them to CLDR: `date:`, `time:` and `datetime:` take a
 * width (the last of each), and every other value of theirs, like each bare word, adds its
 * fields to one skeleton (`date:yMMMd Hm` is the skeleton yMMMdHm); `skeleton:` starts the
 * skeleton afresh. A bare `date` or `time` (or `date:` without a value) is that part's short
 * width, a bare width the width of both. CLDR then joins a width and a skeleton: `date:full Hm` is the full date at
 * 19:00, `date:full date:yMMMd` the full date "at Wed" (a skeleton with no time field left).
 */
function datetimeOptions(p: ParsedArgs): DateFormatOptions {
  let o = datetimeCache.get(p);
  if (o) return o;
  o = {};
  let skeleton = '';
  for (const [key, value] of p.ordered) {
    // An option without a name is nothing; one without a value is its name as a bare word.
    if (key.startsWith(':')) continue;
    if (value === undefined || value === '') {
      if (isWidth(key)) o.datetime = key;
      else if (key === 'date' || key === 'time') o[key] = 'short';
      else skeleton += key;
    } else if (key === 'date' || key === 'time' || key === 'datetime') {
      if (isWidth(value)) o[key] = value;
      else skeleton += value;
    } else if (key === 'skeleton') skeleton = value;
    else if (key === 'wrap') o.wrap = value as FormatWidthType;
    else if (key === 'calendar') o.ca = value as CalendarType;
    else if (key === 'context') o.context = value as DateFormatOptions['context'];
  }
  if (skeleton !== '') o.skeleton = skeleton;
  datetimeCache.set(p, o);
  return o;
}

/**
 * A range between two instants. `sameDaySkeleton` is the default for ranges within one
 * day (with or without the zone name), as the golden cases show.
 */
export function formatInterval(
  cldr: CLDR,
  start: unknown,
  end: unknown,
  p: ParsedArgs,
  zone: string,
  sameDaySkeleton: string,
  spacing: Spacing = plainSpaces,
  /** A date-only range within one day shows both ends (the golden cases; the reference: one). */
  bothEndsOfDay = true,
): string {
  const s = epochOf(start);
  const e = epochOf(end);
  if (s === null || e === null) return '';
  const a = zoned(cldr, s, zone);
  const b = zoned(cldr, e, zone);
  const sameDay =
    a.year() === b.year() && a.month() === b.month() && a.dayOfMonth() === b.dayOfMonth();
  let skeleton = p.options.skeleton ?? p.words[0];
  if (skeleton !== undefined) {
    // A weekday alone names no date: show it with month and day, as the golden cases do.
    if (!/[yMLdjhHkKmsa]/.test(skeleton)) skeleton = `Md${skeleton}`;
    if (sameDay && !/[jhHkKmsa]/.test(skeleton)) {
      // A date-only range within one day still shows both ends.
      const only = skeleton;
      const one = (d: CalendarDate): string => cldr.Calendars.formatDate(d, { skeleton: only });
      return spacing(bothEndsOfDay ? `${one(a)} – ${one(b)}` : one(a));
    }
    return spacing(cldr.Calendars.formatDateInterval(a, b, { skeleton }));
  }
  return spacing(
    cldr.Calendars.formatDateInterval(a, b, sameDay ? { skeleton: sameDaySkeleton } : {}),
  );
}

const RELATIVE_FIELDS: ReadonlySet<string> = new Set([
  'year',
  'month',
  'week',
  'day',
  'hour',
  'minute',
  'second',
]);
const RELATIVE_WIDTHS: ReadonlySet<string> = new Set(['wide', 'short', 'narrow']);
/** `context:begin-sentence` capitalizes the phrase as the locale does at a sentence start. */
const RELATIVE_CONTEXTS: ReadonlySet<string> = new Set([
  'begin-sentence',
  'middle-of-text',
  'standalone',
  'ui-list-or-menu',
]);

/**
 * `{when|relative-time}` from `base` (now, or the tag's first value when it names two):
 * `field:day` counts in one unit, `width:short` abbreviates. The time between them is
 * counted in UTC, as in the reference: elapsed time does not change with a daylight-saving
 * switch in between (3,332 hours are 3,332 hours), and the site's zone, which names no part
 * of the phrase, cannot shift the dates past JavaScript's range by a day.
 */
export function formatRelative(
  cldr: CLDR,
  base: unknown,
  v: unknown,
  args: ParsedArgs,
): string | null {
  const from = epochOf(base);
  const epoch = epochOf(v);
  if (from === null || epoch === null) return null;
  const { field, width, context } = args.options;
  const options: RelativeTimeFormatOptions = {};
  if (context !== undefined && RELATIVE_CONTEXTS.has(context))
    options.context = context as RelativeTimeFormatOptions['context'];
  if (field !== undefined && RELATIVE_FIELDS.has(field)) options.field = field as TimePeriodField;
  if (width !== undefined && RELATIVE_WIDTHS.has(width))
    options.width = width as DateFieldWidthType;
  return cldr.Calendars.formatRelativeTime(
    zoned(cldr, from, 'UTC'),
    zoned(cldr, epoch, 'UTC'),
    options,
  );
}
