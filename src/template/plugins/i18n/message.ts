// ICU-style messages (`message`, `plural`) through @phensley/cldr's MessageFormatter,
// with the engine's own number, money, date and unit formatters inside messages.
import { MessageFormatter, type CLDR, type MessageFormatFuncMap } from '@phensley/cldr';
import type { PluginEnv } from '../types.ts';
import { formatDatetime, formatInterval, plainSpaces, type Spacing } from './datetime.ts';
import { formatDecimal, formatMoney } from './numbers.ts';
import { parseArgs } from './options.ts';
import { formatUnit } from './units.ts';

const formatters = new Map<string, MessageFormatter>();

const spacingKeys = new Map<Spacing, number>();

function formatterFor(
  cldr: CLDR,
  locale: string,
  zone: string,
  spacing: Spacing,
): MessageFormatter {
  let spacingKey = spacingKeys.get(spacing);
  if (spacingKey === undefined) spacingKeys.set(spacing, (spacingKey = spacingKeys.size));
  const key = `${locale}|${zone}|${spacingKey}`;
  let f = formatters.get(key);
  if (!f) {
    const funcs: MessageFormatFuncMap = {
      decimal: (args: unknown[], options: string[]) =>
        formatDecimal(cldr, args[0], parseArgs(options)),
      number: (args: unknown[], options: string[]) =>
        formatDecimal(cldr, args[0], parseArgs(options)),
      money: (args: unknown[], options: string[]) => formatMoney(cldr, args[0], parseArgs(options)),
      currency: (args: unknown[], options: string[]) =>
        formatMoney(cldr, args[0], parseArgs(options)),
      datetime: (args: unknown[], options: string[]) =>
        formatDatetime(cldr, args[0], parseArgs(options), zone, spacing),
      'datetime-interval': (args: unknown[], options: string[]) =>
        formatInterval(cldr, args[0], args[1], parseArgs(options), zone, 'hmv', spacing),
      unit: (args: unknown[], options: string[]) => formatUnit(cldr, args[0], parseArgs(options)),
    };
    const tag = cldr.General.locale().tag;
    f = new MessageFormatter({
      language: tag.language(),
      region: tag.region(),
      formatters: funcs,
      cacheSize: 200,
    });
    if (formatters.size > 100) formatters.clear();
    formatters.set(key, f);
  }
  return f;
}

/** Arguments are paths, numbered in order; `name=path` and `name:path` also bind a name. */
export function formatMessage(
  cldr: CLDR,
  message: unknown,
  args: readonly string[],
  env: PluginEnv,
  spacing: Spacing = plainSpaces,
): string {
  // A number or boolean is a message without placeholders, printed as it is.
  if (typeof message === 'number' || typeof message === 'boolean') return String(message);
  if (typeof message !== 'string') return '';
  const positional: unknown[] = [];
  const named: Record<string, unknown> = {};
  for (const arg of args) {
    const m = /^([A-Za-z_$][\w$-]*)[=:](.+)$/.exec(arg);
    const value = env.resolveOuter(m?.[2] ?? arg);
    if (m?.[1] !== undefined) named[m[1]] = value;
    positional.push(value);
  }
  return formatterFor(cldr, env.locale, env.timeZone, spacing).format(message, positional, named);
}
