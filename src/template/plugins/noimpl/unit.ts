// The `unit` formatter: converts a quantity (`in:`) to a target unit (`out:`), a
// sequence of units (`sequence:` or a comma list in `out:`), the readable unit of the
// 1024-step byte or 1000-step bit ladder (`compact:bytes|bits`), or else the readable
// unit of the locale's measurement system; printed with CLDR unit patterns
// (`format:narrow|short|long`, narrow by default), one fraction digit unless `maxfrac`.
import type { CLDR, UnitFormatOptions, UnitType } from '@phensley/cldr';
import { toNumber } from '../../values.ts';
import { digits, flag, type ParsedArgs } from '../i18n/options.ts';
import { bestUnit, canonicalUnit, categoryOf, convert, ladder } from './conversions.ts';

const DEFAULT_MAX_FRACTION = 1;
const LENGTHS = new Set(['narrow', 'short', 'long']);

/** Units of a comma list; null when any is unknown or of another category than `from`. */
function unitList(list: string | undefined, from: string): string[] | null {
  if (list === undefined || list === '') return null;
  const units = list.split(',').map(canonicalUnit);
  if (units.some((u) => u === null || categoryOf(u) !== categoryOf(from))) return null;
  return units as string[];
}

/**
 * Inside ICU messages the option list is split on commas too, so `sequence:hour,minute`
 * arrives as `sequence:hour` plus the bare word `minute`: bare unit names rejoin the list.
 */
function rejoined(list: string | undefined, words: readonly string[]): string | undefined {
  if (list === undefined) return undefined;
  const more = words.filter((w) => canonicalUnit(w) !== null);
  return more.length > 0 ? [list, ...more].join(',') : list;
}

/** The target units: one for a plain conversion, several for a sequence. */
function targets(value: number, from: string, p: ParsedArgs, cldr: CLDR): string[] {
  const o = p.options;
  const listed =
    unitList(rejoined(o.sequence, p.words), from) ??
    unitList(rejoined(o.out, o.sequence === undefined ? p.words : []), from);
  if (listed) return listed;
  const category = categoryOf(from);
  if (category === undefined) return [from];
  const system = cldr.General.measurementSystem();
  return [bestUnit(value, from, ladder(category, system, o.compact))];
}

/** Splits a value into whole units of all but the last unit, which keeps the fraction. */
export function splitSequence(
  value: number,
  from: string,
  units: readonly string[],
): [string, number][] {
  const parts: [string, number][] = [];
  let rest = Math.abs(value);
  let unit = from;
  units.forEach((u, i) => {
    const inUnit = convert(rest, unit, u) ?? 0;
    unit = u;
    if (i === units.length - 1) {
      parts.push([u, inUnit]);
      return;
    }
    const whole = Math.trunc(inUnit);
    parts.push([u, whole]);
    rest = inUnit - whole;
  });
  const shown = parts.filter(([, v], i) => v !== 0 || i === parts.length - 1);
  const first = shown[0];
  if (value < 0 && first) first[1] = -first[1];
  return shown;
}

/**
 * The exact decimal expansion of a double, so that CLDR's rounding sees the value the
 * arithmetic produced (its shortest form can round the other way).
 */
export function exactDecimal(x: number): string {
  return Math.abs(x) < 1e21 ? x.toFixed(40).replace(/\.?0+$/, '') : String(x);
}

export function formatUnit(cldr: CLDR, v: unknown, p: ParsedArgs): string {
  const value = toNumber(v);
  const from = canonicalUnit(p.options.in ?? '');
  if (!Number.isFinite(value) || from === null) return '';
  const maxFraction =
    digits(p.options.maxfrac ?? p.options.maximumFractionDigits) ?? DEFAULT_MAX_FRACTION;
  const minFraction = digits(p.options.minfrac ?? p.options.minimumFractionDigits) ?? 0;
  const format = p.options.format ?? 'narrow';
  const options: UnitFormatOptions = {
    length: (LENGTHS.has(format) ? format : 'narrow') as UnitFormatOptions['length'],
    group: flag(p, 'group') ?? false,
    maximumFractionDigits: Math.max(maxFraction, minFraction),
    minimumFractionDigits: minFraction,
  };
  const units = targets(value, from, p, cldr);
  const only = units.length === 1 ? units[0] : undefined;
  const parts: [string, number][] =
    only !== undefined
      ? [[only, convert(value, from, only) ?? value]]
      : splitSequence(value, from, units);
  return parts
    .map(([unit, q]) =>
      cldr.Units.formatQuantity({ value: exactDecimal(q), unit: unit as UnitType }, options),
    )
    .join(' ');
}
