// The date plugin family: strftime-style `date`, `timesince`, and `datetimefield`.
import { leadingNumber } from '../../values.ts';
import type { PluginFamily } from '../types.ts';
import { strftime } from './strftime.ts';

export const INVALID_DATE = 'Invalid date.';

/** Noon UTC on 24 November 4714 BC (proleptic Gregorian), in epoch milliseconds. */
const JULIAN_DAY_ZERO = -210_866_760_000_000;

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
  // The reference's calendar starts at Julian day 0: an earlier date is told from there.
  const delta = now - Math.max(epochMs, JULIAN_DAY_ZERO);
  for (const [ms, one, many] of UNITS) {
    if (delta >= ms) {
      const n = Math.floor(delta / ms);
      return `about ${n === 1 ? one : `${n} ${many}`} ago`;
    }
  }
  return 'less than a minute ago';
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
        : `<span class="timesince" data-date="${t}">${timeSince(t, env.now)}</span>`;
    },
    // Form-field date/time values are rendered by the form summary; alone they print nothing.
    datetimefield: () => '',
  },
  predicates: {},
};
