// The money plugin family: the legacy money formats of docs/behaviour/money-and-time.md#money-formats and the
// per-locale legacy i18n-money-format. CLDR money (`money`, `currency`) lives in i18n.
import {
  formatLegacyMoney,
  formatPlainMoney,
  minorToMajor,
  requireMoney,
} from '../../../shared/money/index.ts';
import { Decimal } from '@phensley/cldr';
import { escapeHtml } from '../core/escape.ts';
import { cldrFor } from '../i18n/cldr.ts';
import type { PluginFamily } from '../types.ts';
import { toNumber } from '../../values.ts';

/** Minor units (cents) from a template value; anything not numeric counts as 0. */
function cents(v: unknown): number {
  const n = toNumber(v);
  return Number.isFinite(n) ? Math.round(n) : 0;
}

const numeric = (v: unknown): boolean =>
  typeof v === 'number' || (typeof v === 'string' && Number.isFinite(toNumber(v)));

/** "123.45" from 12345: minor units divided by 100 with thousands grouping; '' for non-numbers. */
export function moneyNative(v: unknown): string {
  return numeric(v) ? formatPlainMoney(minorToMajor(cents(v), 2), 'USD') : '';
}

/**
 * Minor units as a decimal, as the reference reads them: a number as it is, text as written
 * in decimal (so "1e400" and digits past 15 survive), text that is no decimal (" 12", "x")
 * and any other value as 0. NaN and the infinities (a formatter's NaN, the text "NaN" or
 * "Infinity") have no amount: undefined.
 */
export function bookkeeperAmount(v: unknown): Decimal | undefined {
  let d: Decimal;
  if (typeof v === 'number') d = new Decimal(v);
  else if (typeof v !== 'string') return new Decimal(0);
  else
    try {
      d = new Decimal(v);
    } catch {
      return new Decimal(0);
    }
  return d.isNaN() || d.isInfinity() ? undefined : d;
}

/**
 * Minor units in the currency of the locale's region (en-GB pounds, de-DE euros, ja-JP yen),
 * rounded half-even to the currency's digits; a value with no amount prints nothing. The
 * `none` locale prints nothing.
 */
function bookkeeperMoney(v: unknown, locale: string): string {
  const cldr = cldrFor(locale);
  const amount = bookkeeperAmount(v);
  if (!cldr || amount === undefined) return '';
  const region = cldr.General.locale().tag.region();
  const currency = cldr.Numbers.getCurrencyForRegion(region);
  // The point moves in decimal, so the digits of a number past 15 of them survive as written.
  return cldr.Numbers.formatCurrency(amount.movePoint(-2), currency);
}

export const moneyPlugins: PluginFamily = {
  name: 'money',
  formatters: {
    'money-format': (v) => moneyNative(v),
    moneyFormat: (v) => moneyNative(v),
    'money-string': (v) =>
      numeric(v) ? `<span class="sqs-money-native">${escapeHtml(moneyNative(v))}</span>` : '',
    'bookkeeper-money-format': (v, _args, env) => bookkeeperMoney(v, env.locale),
    'i18n-money-format': (v, args, env) => {
      const money = requireMoney(v);
      return formatLegacyMoney(money.decimal, money.currency, args[0] ?? env.locale);
    },
  },
  predicates: {},
};
