// Content formatters: URLs, colours, sizes, durations, item classes.
import { isRecord, leadingNumber, toNumber, toOutput, toText } from '../../values.ts';
import { isOnSale, isSoldOut } from '../commerce/product.ts';
import { slugify } from '../core/text.ts';
import type { FormatterTable, PluginEnv } from '../types.ts';
import {
  childImageMeta,
  image,
  imageColor,
  imageMeta,
  imageSrcset,
  srcsetOrValue,
  INVALID_SOURCE,
  parseSize,
  widthBucket,
} from './image.ts';
import { recordTypeOf } from './predicates.ts';

/** Colours whose 24-bit value is above this count as light (docs/behaviour/templates.md#formatter-defaults). */
export const LIGHT_THRESHOLD = 8388607.5;
const STORE_ITEM = 11;

/**
 * A colour's 24-bit value from 3 to 6 hex digits, '#' first or not, nothing around them (as
 * in the reference); 4 or 5 digits are no whole colour: NaN, which counts as dark there.
 */
function colorValue(v: unknown): number | null {
  const m = /^#?([0-9a-f]{3,6})$/i.exec(toOutput(v));
  const hex = m?.[1];
  if (hex === undefined) return null;
  const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
  return full.length === 6 ? Number.parseInt(full, 16) : NaN;
}

function sized(v: unknown, f: (w: number, h: number) => string | number): string | number {
  const size = parseSize(v);
  return size ? f(size[0], size[1]) : INVALID_SOURCE;
}

/** A resized side: whole pixels, 0 when a side of the source is not a number. */
function resized(side: number): number {
  const n = Math.floor(side);
  return Number.isNaN(n) ? 0 : n;
}

/** One side of the source size; the spec's message when the source is not a size. */
function side(v: unknown, which: 0 | 1): number | string {
  const size = parseSize(v);
  return size ? size[which] : INVALID_SOURCE;
}

/**
 * Minutes and seconds, as the reference prints a duration: the minutes are not folded into
 * hours, and each part of a negative duration keeps its sign (-65 s is "-1:-5").
 */
function humanizeDuration(ms: number): string {
  // Whole seconds as a 32-bit integer, wrapping past 2^31 as the reference's do.
  const total = (ms / 1000) | 0;
  const m = Math.trunc(total / 60);
  const s = total % 60;
  return `${m}:${s >= 0 ? String(s).padStart(2, '0') : String(s)}`;
}

function websiteColor(v: unknown): string {
  const { hue, saturation, lightness, alpha } = isRecord(v) ? v : {};
  if (typeof hue !== 'number' || typeof saturation !== 'number' || typeof lightness !== 'number')
    return 'Missing an H/S/L value.';
  const problems: string[] = [];
  if (hue < 0 || hue > 360) problems.push('Hue out of bounds.');
  if (saturation < 0 || saturation > 1) problems.push('Saturation out of bounds.');
  if (lightness < 0 || lightness > 1) problems.push('Lightness out of bounds.');
  if (typeof alpha === 'number' && (alpha < 0 || alpha > 1)) problems.push('Alpha out of bounds.');
  if (problems.length > 0) return problems.join(' ');
  const hsl = `${hue}, ${Math.round(saturation * 100)}%, ${Math.round(lightness * 100)}%`;
  return typeof alpha === 'number' ? `hsla(${hsl}, ${alpha})` : `hsl(${hsl})`;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

/** The reference reads any value as an item: what is not one gives the classes of an empty item. */
function itemClasses(item: unknown, env: PluginEnv): string {
  const v = isRecord(item) ? item : {};
  // The classes read the item's fields from the scope, where the tag's value is the current
  // node, as in the reference: after another formatter (`{items|find-first id|item-classes}`)
  // the item handed on is not read, only its store flags below.
  const field = (key: string): unknown => env.resolve(key);
  const out = ['hentry'];
  const promoted = field('promotedBlockType');
  if (typeof promoted === 'string' && promoted !== '') {
    out.push('promoted', `promoted-block-${slugify(promoted)}`);
  }
  for (const c of strings(field('categories'))) out.push(`category-${slugify(c)}`);
  for (const t of strings(field('tags'))) out.push(`tag-${slugify(t)}`);
  const authorOf = field('author');
  const author = isRecord(authorOf) ? authorOf.displayName : undefined;
  if (typeof author === 'string' && author !== '') out.push(`author-${slugify(author)}`);
  // The reference prints the record type's class even when the item has no type label.
  out.push(`post-type-${toText(field('recordTypeLabel'))}`);
  const index = env.resolve('@index');
  if (typeof index === 'number') out.push(`article-index-${index}`);
  if (field('starred') === true) out.push('featured');
  // The record type read as the record-type predicates read it: '11' is a store item too.
  if (recordTypeOf(v) === STORE_ITEM) {
    if (isOnSale(v)) out.push('on-sale');
    if (isSoldOut(v)) out.push('sold-out');
  }
  return out.join(' ');
}

export const contentFormatters: FormatterTable = {
  AbsUrl: (v, _args, env) => `${toOutput(env.resolve('base-url'))}/${toText(v)}`,
  capitalize: (v) => toText(v).toUpperCase(),
  image: (v, args) => image(v, args[0]),
  'image-meta': (v) => imageMeta(v),
  'child-image-meta': (v, args) => childImageMeta(v, args[0]),
  'cover-image-meta': (v) => imageMeta(isRecord(v) ? v.coverImage : undefined),
  'image-srcset': (v) => srcsetOrValue(v, imageSrcset(v)),
  'image-color': (v, args) => imageColor(v, args[0], args[1]),
  'color-weight': (v) => {
    const c = colorValue(v);
    return c === null ? undefined : c > LIGHT_THRESHOLD ? 'light' : 'dark';
  },
  'website-color': (v) => websiteColor(v),
  height: (v) => side(v, 1),
  width: (v) => side(v, 0),
  resizedHeightForWidth: (v, args) => sized(v, (w, h) => resized((h * toNumber(args[0])) / w)),
  resizedWidthForHeight: (v, args) => sized(v, (w, h) => resized((w * toNumber(args[0])) / h)),
  // The bucket depends on the requested width alone.
  squarespaceThumbnailForWidth: (_v, args) => widthBucket(toNumber(args[0])),
  squarespaceThumbnailForHeight: (v, args) =>
    sized(v, (w, h) => widthBucket(Math.floor((w * toNumber(args[0])) / h))),
  // No number, or one past the largest ('1.5e400'), is no time at all, as in the reference.
  humanizeDuration: (v) => {
    const ms = leadingNumber(v);
    return humanizeDuration(Number.isFinite(ms) ? ms : 0);
  },
  'item-classes': (v, _args, env) => itemClasses(v, env),
};
