// The date plugin family: strftime-style `date`, `timesince`, and `datetimefield`.
import { leadingNumber } from '../../values.ts';
import { cldrFor } from '../i18n/cldr.ts';
import type { PluginEnv, PluginFamily } from '../types.ts';
import { strftime } from './strftime.ts';

export const INVALID_DATE = 'Invalid date.';

const DAY = 86_400_000;

const UNITS: [ms: number, one: string, many: string][] = [
  [365 * 86_400_000, 'a year', 'years'],
  [30 * 86_400_000, 'a month', 'months'],
  [7 * 86_400_000, 'a week', 'weeks'],
  [86_400_000, 'a day', 'days'],
  [3_600_000, 'an hour', 'hours'],
  [60_000, 'a minute', 'minutes'],
];

/**
 * "about 3 hours ago", "less than a minute ago". A time still to come is "less than a minute
 * ago", as in the reference: the helper only ever looks back.
 */
export function timeSince(epochMs: number, now: number): string {
  const delta = now - epochMs;
  for (const [ms, one, many] of UNITS) {
    if (delta >= ms) {
      const n = Math.floor(delta / ms);
      return `about ${n === 1 ? one : `${n} ${many}`} ago`;
    }
  }
  return 'less than a minute ago';
}

/** 4713 BC, the Julian day 0: the earliest time CLDR's calendar holds, in epoch milliseconds. */
const JULIAN_DAY_ZERO = -210_866_803_200_000;

/**
 * How long ago `epochMs` was, as the reference tells it: it reads the time through CLDR's
 * calendar, which moves a time before the calendar's start to about that start ("about 6686
 * years ago" in 1970), and a time too far out to a value no calendar holds, which it tells as
 * "less than a minute ago". Only times before the start take that path.
 */
function timeSinceInCalendar(epochMs: number, env: PluginEnv): string {
  if (epochMs >= JULIAN_DAY_ZERO) return timeSince(epochMs, env.now);
  const cldr = cldrFor(env.locale) ?? cldrFor('en-US');
  const read = cldr?.Calendars.toGregorianDate({ date: epochMs, zoneId: env.timeZone }).unixEpoch();
  if (read === undefined || !(read >= JULIAN_DAY_ZERO - DAY)) return 'less than a minute ago';
  return timeSince(read, env.now);
}

/** As the reference reads a date: text by its leading number, non-scalars as the epoch. */
function epoch(v: unknown): number {
  const n = leadingNumber(v);
  return Number.isFinite(n) ? n : NaN;
}

export const datePlugins: PluginFamily = {
  name: 'date',
  formatters: {
    date: (v, args, env) => {
      const t = epoch(v);
      return Number.isNaN(t) ? '' : strftime(args.join(' '), t, env.timeZone);
    },
    timesince: (v, _args, env) => {
      const t = epoch(v);
      // Without locale data (`none`) the reference tells no time at all.
      return Number.isNaN(t) || env.locale === 'none'
        ? INVALID_DATE
        : `<span class="timesince" data-date="${t}">${timeSinceInCalendar(t, env)}</span>`;
    },
    // Form-field date/time values are rendered by the form summary; alone they print nothing.
    datetimefield: () => '',
  },
  predicates: {},
};
