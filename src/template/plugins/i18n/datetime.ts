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

/** The wrapper width CLDR would pick for a date skeleton. */
function wrapFor(skeleton: string): FormatWidthType {
  if (skeleton.includes('MMMM')) return skeleton.includes('EEEE') ? 'full' : 'long';
  return skeleton.includes('MMM') ? 'medium' : 'short';
}

/**
 * The time part of a skeleton beside a date: its date fields are left out, `J` is `j`, and a
 * part left with no field is the short weekday, as in the reference (`date:full time:MMMM`
 * prints "… at Wed").
 */
function timeFields(skeleton: string): string {
  return skeleton.replace(/[^aAbBjJCkKhHmsvzZOXxV]/g, '').replace(/J/g, 'j') || 'E';
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
  const o = p.options;
  const base: DateFormatOptions = {};
  if (o.calendar !== undefined) base.ca = o.calendar as CalendarType;
  if (o.context !== undefined) base.context = o.context as DateFormatOptions['context'];
  const date = zoned(cldr, epoch, zone);
  const word = p.words[0];
  if (o.datetime !== undefined) {
    // `datetime:long` names the date and time width at once (a skeleton otherwise) and wins
    // over the other options, as in the reference; `wrap:` still picks the joining pattern.
    if (!isWidth(o.datetime))
      return cldr.Calendars.formatDate(date, { ...base, skeleton: o.datetime });
    const wrap = isWidth(o.wrap) ? o.wrap : undefined;
    return cldr.Calendars.formatDate(date, { ...base, datetime: o.datetime, wrap });
  }
  if (o.date === undefined && o.time === undefined) {
    if (o.skeleton !== undefined)
      return cldr.Calendars.formatDate(date, { ...base, skeleton: o.skeleton });
    if (isWidth(word)) return cldr.Calendars.formatDate(date, { ...base, datetime: word });
    if (word !== undefined) {
      // `yMMMd hm`: a date skeleton and a time skeleton.
      const time = p.words[1];
      return cldr.Calendars.formatDate(date, {
        ...base,
        skeleton: time === undefined ? word : word + time,
      });
    }
    return cldr.Calendars.formatDate(date, base);
  }
  // A bare skeleton beside one of `date:` and `time:` is the other part, as in the reference:
  // `date:full Hm` is the full date at 00:00, `time:short yMMMd` Jan 1, 1970, 12:00 AM.
  const dateSpec = o.date ?? (o.time !== undefined ? word : undefined);
  const timeSpec = o.time ?? (o.date !== undefined ? word : undefined);
  if (
    (dateSpec === undefined || isWidth(dateSpec)) &&
    (timeSpec === undefined || isWidth(timeSpec)) &&
    o.wrap === undefined
  ) {
    return cldr.Calendars.formatDate(date, {
      ...base,
      date: dateSpec,
      time: timeSpec,
    });
  }
  if (
    dateSpec !== undefined &&
    !isWidth(dateSpec) &&
    timeSpec !== undefined &&
    !isWidth(timeSpec)
  ) {
    // Two skeletons are one: `date:yMMMd time:EEEE` is the skeleton yMMMdEEEE.
    const wrap = isWidth(o.wrap) ? o.wrap : undefined;
    return cldr.Calendars.formatDate(date, { ...base, skeleton: dateSpec + timeSpec, wrap });
  }
  const part = (spec: string | undefined): string =>
    spec === undefined
      ? ''
      : cldr.Calendars.formatDate(
          date,
          isWidth(spec) ? { ...base, date: spec } : { ...base, skeleton: spec },
        );
  const timePart =
    timeSpec === undefined
      ? ''
      : cldr.Calendars.formatDate(
          date,
          isWidth(timeSpec)
            ? { ...base, time: timeSpec }
            : { ...base, skeleton: dateSpec === undefined ? timeSpec : timeFields(timeSpec) },
        );
  const datePart = part(dateSpec);
  if (datePart === '' || timePart === '') return datePart + timePart;
  const width: FormatWidthType = isWidth(o.wrap)
    ? o.wrap
    : isWidth(dateSpec)
      ? dateSpec
      : wrapFor(dateSpec ?? '');
  return cldr.Calendars.formatDateWrapper(datePart, timePart, { width });
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
