// The i18n plugin family (CLDR via @phensley/cldr): datetime, datetime-interval,
// relative-time, decimal, percentage, money/currency, message, plural, unit.
import type { CLDR } from '@phensley/cldr';
import type { Formatter, PluginEnv, PluginFamily } from '../types.ts';
import { INVALID_DATE } from '../date/index.ts';
import { cldrFor } from './cldr.ts';
import {
  formatDatetime,
  formatInterval,
  formatRelative,
  plainSpaces,
  type Spacing,
} from './datetime.ts';
import { formatMessage } from './message.ts';
import { formatDecimal, formatMoney, formatPercentage } from './numbers.ts';
import { leadingNumberOrZero } from '../../values.ts';
import { parseArgs } from './options.ts';
import { formatUnit } from './units.ts';

export { registerCldrPackLoader } from './packs.ts';

/** Runs `f` with the render locale's CLDR data; the `none` locale prints nothing. */
function withCldr(
  f: (cldr: CLDR, v: unknown, args: readonly string[], env: PluginEnv) => unknown,
): Formatter {
  return (v, args, env) => {
    const cldr = cldrFor(env.locale);
    return cldr ? f(cldr, v, args, env) : '';
  };
}

function hasSiteZone(root: unknown): boolean {
  const website =
    typeof root === 'object' && root !== null
      ? (root as Record<string, unknown>).website
      : undefined;
  return (
    typeof website === 'object' &&
    website !== null &&
    typeof (website as Record<string, unknown>).timeZone === 'string'
  );
}

/** Text past the largest number ('1.5e400') is the epoch to the reference's datetime; NaN stays no date. */
const infiniteAsEpoch = (t: number): number => (t === Infinity || t === -Infinity ? 0 : t);

/**
 * The formatters that print dates, with CLDR's narrow and thin spaces made plain (ours) or
 * kept (the reference's, for the differential harness).
 */
export function dateFormatters(
  spacing: Spacing,
  /** A range within one day names the site's zone when it sets one (the golden cases; not the reference). */
  zoneOfSite = true,
  /** A date-only range within one day shows both ends (the golden cases; not the reference). */
  bothEndsOfDay = true,
): Record<string, Formatter> {
  return {
    // A missing value, null, an array or an object is the epoch and text reads by its leading
    // number, as in the reference.
    datetime: withCldr((cldr, v, args, env) =>
      formatDatetime(
        cldr,
        infiniteAsEpoch(leadingNumberOrZero(v)),
        parseArgs(args),
        env.timeZone,
        spacing,
      ),
    ),
    // One value is no range; of two, a missing value, null, an array or an object is the
    // epoch, as in the reference.
    'datetime-interval': withCldr((cldr, v, args, env) =>
      env.values.length < 2
        ? ''
        : formatInterval(
            cldr,
            leadingNumberOrZero(v),
            leadingNumberOrZero(env.values[1]),
            parseArgs(args),
            env.timeZone,
            zoneOfSite && hasSiteZone(env.root) ? 'jmv' : 'jm',
            spacing,
            bothEndsOfDay,
          ),
    ),
    message: withCldr((cldr, v, args, env) => formatMessage(cldr, v, args, env, spacing)),
    plural: withCldr((cldr, v, args, env) => formatMessage(cldr, v, args, env, spacing)),
  };
}

export const i18nPlugins: PluginFamily = {
  name: 'i18n',
  formatters: {
    ...dateFormatters(plainSpaces),
    // `{start, end|relative-time}` tells the time from start to end; one value, from now.
    'relative-time': withCldr(
      (cldr, v, args, env) =>
        (env.values.length > 1
          ? formatRelative(cldr, v, env.values[1], parseArgs(args))
          : formatRelative(cldr, env.now, v, parseArgs(args))) ?? INVALID_DATE,
    ),
    decimal: withCldr((cldr, v, args) => formatDecimal(cldr, v, parseArgs(args))),
    percentage: withCldr((cldr, v, args) => formatPercentage(cldr, v, parseArgs(args))),
    money: withCldr((cldr, v, args) => formatMoney(cldr, v, parseArgs(args))),
    currency: withCldr((cldr, v, args) => formatMoney(cldr, v, parseArgs(args))),
    unit: withCldr((cldr, v, args) => formatUnit(cldr, v, parseArgs(args))),
  },
  predicates: {
    // True where the render locale measures in metric (the reference always answers false:
    // docs/adr/002).
    'units-metric?': (_node, _args, env) =>
      cldrFor(env.locale)?.General.measurementSystem() === 'metric',
  },
};
