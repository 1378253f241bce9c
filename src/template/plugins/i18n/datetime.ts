// CLDR date formatting in the site's time zone: datetime, datetime-interval, relative-time.
import type {
  CalendarDate,
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
  args: readonly string[],
  zone: string,
  spacing: Spacing = plainSpaces,
): string {
  const epoch = epochOf(v);
  if (epoch === null) return '';
  return spacing(cldr.Calendars.formatDate(zoned(cldr, epoch, zone), datetimeOptions(args)));
}

/** The keys whose empty value (`date:`) is the short width; any other `key:` is a word. */
const WIDTH_KEYS: ReadonlySet<string> = new Set(['date', 'time']);
const SKELETON_KEYS: ReadonlySet<string> = new Set(['date', 'time', 'datetime']);

const datetimeOptionsOf = new WeakMap<readonly string[], DateFormatOptions>();

/**
 * A datetime tag's arguments as CLDR's date options, read as the reference reads them, in
 * order: a width (`date:long`, `time:`, a bare `full`) sets that width, and CLDR joins the
 * date and time parts itself; a skeleton (`yMMMd`, `date:MMM`, `time:hm`) adds its fields to
 * one skeleton, which `skeleton:` replaces. Beside a width, CLDR takes from the skeleton the
 * fields of the other part (`date:full Hm`), a weekday when none is left. `calendar:` is the
 * calendar; other `key:value` options are CLDR's own (`wrap:`, `context:`). Parsed once per
 * call site: a tag's argument array lives as long as its compiled template.
 */
function datetimeOptions(args: readonly string[]): DateFormatOptions {
  let o = datetimeOptionsOf.get(args);
  if (o) return o;
  const options: Record<string, string> = {};
  let skeleton = '';
  for (const arg of args) {
    const colon = arg.indexOf(':');
    const key = colon > 0 ? arg.slice(0, colon) : '';
    const value = arg.slice(colon + 1);
    if (colon <= 0 || (value === '' && !WIDTH_KEYS.has(key))) {
      const word = colon > 0 ? key : arg;
      if (isWidth(word)) options.datetime = word;
      else skeleton += word;
    } else if (key === 'skeleton') skeleton = value;
    else if (SKELETON_KEYS.has(key) && value !== '' && !isWidth(value)) skeleton += value;
    else if (key === 'calendar') options.ca = value;
    else options[key] = value === '' ? 'short' : value;
  }
  if (skeleton !== '') options.skeleton = skeleton;
  o = options;
  datetimeOptionsOf.set(args, o);
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
 * `field:day` counts in one unit, `width:short` abbreviates.
 */
export function formatRelative(
  cldr: CLDR,
  base: unknown,
  v: unknown,
  zone: string,
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
    zoned(cldr, from, zone),
    zoned(cldr, epoch, zone),
    options,
  );
}
