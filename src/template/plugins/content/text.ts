// Content formatters that compute text: absolute URLs, capitalisation, colours,
// durations and the CSS classes of a blog or store item.
import { isRecord, toNumber, toText } from '../../values.ts';
import { isOnSale, isSoldOut } from '../commerce/product.ts';
import { slugify } from '../core/text.ts';
import type { FormatterTable, PluginEnv } from '../types.ts';
import { RecordType } from './enums.ts';

/** platform.md §9: a colour weight above this (half of 0xFFFFFF) counts as light. */
export const LIGHT_WEIGHT_THRESHOLD = 8388607.5;

/** "#abc" or "#aabbcc" (with or without '#') as a 24-bit number, or null. */
export function colorValue(s: string): number | null {
  let hex = s.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) hex = hex.replace(/./g, (c) => c + c);
  return /^[0-9a-f]{6}$/i.test(hex) ? Number.parseInt(hex, 16) : null;
}

export function colorWeight(v: unknown): string {
  const n = colorValue(toText(v));
  if (n === null) return '';
  return n > LIGHT_WEIGHT_THRESHOLD ? 'light' : 'dark';
}

/** hsl()/hsla() from the site's stored colour (saturation/lightness/alpha as 0–1). */
export function websiteColor(v: unknown): string {
  if (!isRecord(v)) return '';
  const { hue, saturation, lightness, alpha } = v;
  if (typeof hue !== 'number' || typeof saturation !== 'number' || typeof lightness !== 'number')
    return 'Missing an H/S/L value.';
  const errors: string[] = [];
  if (hue < 0 || hue > 360) errors.push('Hue out of bounds.');
  if (saturation < 0 || saturation > 1) errors.push('Saturation out of bounds.');
  if (lightness < 0 || lightness > 1) errors.push('Lightness out of bounds.');
  if (typeof alpha === 'number' && (alpha < 0 || alpha > 1)) errors.push('Alpha out of bounds.');
  if (errors.length > 0) return errors.join(' ');
  const pct = (x: number): string => `${Math.round(x * 100)}%`;
  const body = `${hue}, ${pct(saturation)}, ${pct(lightness)}`;
  return typeof alpha === 'number' ? `hsla(${body}, ${alpha})` : `hsl(${body})`;
}

/** Milliseconds as m:ss, or h:mm:ss from an hour on (audio and video lengths). */
export function humanizeDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function absUrl(v: unknown, env: PluginEnv): string {
  const base = toText(env.resolve('base-url'));
  return `${base}/${toText(v)}`;
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];

/** The classes themes put on an item: promotion, categories, tags, author, type, state. */
export function itemClasses(v: unknown, env: PluginEnv): string {
  if (!isRecord(v)) return '';
  const out = ['hentry'];
  if (typeof v.promotedBlockType === 'string' && v.promotedBlockType !== '')
    out.push('promoted', `promoted-block-${slugify(v.promotedBlockType)}`);
  for (const c of strings(v.categories)) out.push(`category-${slugify(c)}`);
  for (const t of strings(v.tags)) out.push(`tag-${slugify(t)}`);
  const author = isRecord(v.author) ? toText(v.author.displayName) : '';
  if (author !== '') out.push(`author-${slugify(author)}`);
  if (typeof v.recordTypeLabel === 'string' && v.recordTypeLabel !== '')
    out.push(`post-type-${slugify(v.recordTypeLabel)}`);
  const index = env.resolve('@index');
  if (typeof index === 'number') out.push(`article-index-${index}`);
  if (v.starred === true) out.push('featured');
  if (v.recordType === RecordType['store-item']) {
    if (isOnSale(v)) out.push('on-sale');
    if (isSoldOut(v)) out.push('sold-out');
  }
  return out.join(' ');
}

export const textFormatters: FormatterTable = {
  AbsUrl: (v, _args, env) => absUrl(v, env),
  capitalize: (v) => toText(v).toUpperCase(),
  'color-weight': (v) => colorWeight(v),
  'website-color': (v) => websiteColor(v),
  humanizeDuration: (v) => {
    const n = toNumber(v);
    return Number.isFinite(n) ? humanizeDuration(n) : '';
  },
  'item-classes': (v, _args, env) => itemClasses(v, env),
};
