// CLDR number formatting: decimal, percentage, money/currency.
import {
  Decimal,
  type CLDR,
  type CurrencyFormatOptions,
  type CurrencyType,
  type DecimalFormatOptions,
  type NumberFormatOptions,
} from '@phensley/cldr';
import { readMoney } from '../../../shared/money/index.ts';
import { toOutput } from '../../values.ts';
import { choice, cldrDigits, flag, lastOf, type ParsedArgs } from './options.ts';

const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A decimal string for CLDR, or null when the value is not a number. Text is read as written,
 * as the reference reads it: spaces around the number (' 19', what a partial printed before
 * `{.space}`) make it no number.
 */
export function decimalArg(v: unknown): string | null {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  if (typeof v === 'string' && NUMERIC.test(v)) return v;
  return null;
}

type RoundingMode = NonNullable<DecimalFormatOptions['round']>;
const ROUNDING: ReadonlySet<string> = new Set([
  'ceiling',
  'down',
  'floor',
  'half-down',
  'half-even',
  'half-up',
  'up',
  '05up',
  'truncate',
]);

const optionCache = new WeakMap<ParsedArgs, NumberFormatOptions>();

/** Number options per parsed arguments, built once (callers copy before adding a style). */
function numberOptions(p: ParsedArgs): NumberFormatOptions {
  let o = optionCache.get(p);
  if (!o) optionCache.set(p, (o = buildNumberOptions(p)));
  return { ...o };
}

function buildNumberOptions(p: ParsedArgs): NumberFormatOptions {
  const o = p.options;
  const out: NumberFormatOptions = {};
  out.maximumFractionDigits = cldrDigits(lastOf(p, 'maximumFractionDigits', 'maxfrac'));
  out.minimumFractionDigits = cldrDigits(lastOf(p, 'minimumFractionDigits', 'minfrac'));
  out.maximumSignificantDigits = cldrDigits(lastOf(p, 'maximumSignificantDigits', 'maxsig'));
  out.minimumSignificantDigits = cldrDigits(lastOf(p, 'minimumSignificantDigits', 'minsig'));
  out.minimumIntegerDigits = cldrDigits(lastOf(p, 'minimumIntegerDigits', 'minint'));
  const round = choice(p, 'round', ROUNDING);
  if (round !== undefined) out.round = round as RoundingMode;
  // `mode:significant-maxfrac` lets the fraction limits rule, as the golden case
  // template-engine:f-decimal-2 expects; the reference reads no `mode` (docs/adr/002,
  // `significant-maxfrac`), so no other mode changes anything.
  if (o.mode === 'significant-maxfrac') {
    delete out.maximumSignificantDigits;
    delete out.minimumSignificantDigits;
  }
  const group = flag(p, 'group');
  out.group = group ?? true;
  for (const k of Object.keys(out) as (keyof NumberFormatOptions)[])
    if (out[k] === undefined) delete out[k];
  return out;
}

const DECIMAL_STYLES: ReadonlySet<string> = new Set([
  'decimal',
  'short',
  'long',
  'scientific',
  'percent',
  'percent-scaled',
  'permille',
  'permille-scaled',
]);

const MONEY_MEMO_SIZE = 2000;
/** Formatted amounts per options, locale and currency, then by decimal text. */
type AmountsByCurrency = Map<string, Map<string, string>>;
const moneyMemo = new WeakMap<CurrencyFormatOptions, Map<CLDR, AmountsByCurrency>>();
// A page formats with one set of options and one locale: keep their memo at hand.
let lastMoneyOpts: CurrencyFormatOptions | null = null;
let lastMoneyCldr: CLDR | null = null;
let lastMoneyMemo: AmountsByCurrency | null = null;

function moneyMemoFor(opts: CurrencyFormatOptions, cldr: CLDR): AmountsByCurrency {
  if (opts === lastMoneyOpts && cldr === lastMoneyCldr && lastMoneyMemo) return lastMoneyMemo;
  let seen = moneyMemo.get(opts);
  if (!seen) moneyMemo.set(opts, (seen = new Map<CLDR, AmountsByCurrency>()));
  let byLocale = seen.get(cldr);
  if (!byLocale) seen.set(cldr, (byLocale = new Map<string, Map<string, string>>()));
  lastMoneyOpts = opts;
  lastMoneyCldr = cldr;
  lastMoneyMemo = byLocale;
  return byLocale;
}

// Options per call site, built once: the CLDR formatters do not modify them.
const decimalCache = new WeakMap<ParsedArgs, DecimalFormatOptions>();
const currencyCache = new WeakMap<ParsedArgs, CurrencyFormatOptions>();

/**
 * The number `decimal` prints: text is read exactly as CLDR's Decimal reads it, as the
 * reference does: no surrounding spaces, `NaN`/`nan` and `Infinity`/`infinity` are numbers,
 * and a sign after the first digit still counts ('1-5' is -15). Anything else is no number.
 */
function decimalOf(v: unknown): string | Decimal | null {
  if (typeof v !== 'string') return decimalArg(v);
  if (NUMERIC.test(v)) return v;
  try {
    return new Decimal(v);
  } catch {
    return null;
  }
}

export function formatDecimal(cldr: CLDR, v: unknown, p: ParsedArgs): string {
  // A formatter's NaN (mod of text) prints as NaN, as in the reference.
  if (Number.isNaN(v)) return 'NaN';
  const n = decimalOf(v);
  if (n === null) return '';
  let opts = decimalCache.get(p);
  if (!opts) {
    opts = numberOptions(p);
    const style = choice(p, 'style', DECIMAL_STYLES);
    if (style !== undefined) opts.style = style as DecimalFormatOptions['style'];
    decimalCache.set(p, opts);
  }
  return cldr.Numbers.formatDecimal(n, opts);
}

const CURRENCY_STYLES: ReadonlySet<string> = new Set([
  'symbol',
  'accounting',
  'code',
  'name',
  'short',
]);

export function formatMoney(cldr: CLDR, v: unknown, p: ParsedArgs): string {
  const money = readMoney(v);
  if (!money) return '';
  let opts = currencyCache.get(p);
  if (!opts) {
    opts = numberOptions(p);
    const style = choice(p, 'style', CURRENCY_STYLES);
    if (style !== undefined) opts.style = style as CurrencyFormatOptions['style'];
    currencyCache.set(p, opts);
  }
  // Pages repeat the same prices: remember formatted amounts per locale and options. Keyed
  // by currency, then decimal text: both are the data's own strings, so a lookup builds no key.
  const byCurrency = moneyMemoFor(opts, cldr);
  let amounts = byCurrency.get(money.currency);
  if (!amounts) {
    if (byCurrency.size >= MONEY_MEMO_SIZE) byCurrency.clear();
    byCurrency.set(money.currency, (amounts = new Map<string, string>()));
  }
  let text = amounts.get(money.decimal);
  if (text === undefined) {
    text = cldr.Numbers.formatCurrency(money.decimal, money.currency as CurrencyType, opts);
    if (amounts.size >= MONEY_MEMO_SIZE) amounts.clear();
    amounts.set(money.decimal, text);
  }
  return text;
}

export function formatPercentage(cldr: CLDR, v: unknown, p: ParsedArgs): string {
  const n = decimalArg(v);
  if (n === null) return toOutput(v);
  return cldr.Numbers.formatDecimal(n, { ...numberOptions(p), style: 'percent' });
}
