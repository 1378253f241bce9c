// Image formatters: the data-* attributes our image loader reads, <img> markup with a
// <noscript> fallback, srcset from the stored renditions, and corner colours.
import { isRecord, toText } from '../../values.ts';
import { escapeAttr } from '../core/escape.ts';
import type { FormatterTable } from '../types.ts';
import { DEFAULT_FOCAL_POINT } from './sizes.ts';

/** platform.md §9: the title-or-body fallback is cut at 1000 characters. */
export const ALT_TEXT_LIMIT = 1000;

type Rec = Record<string, unknown>;

const nonEmpty = (v: unknown): string => (typeof v === 'string' ? v : '');

/** An explicit altText (even empty) wins; else title, body, then filename. */
export function altText(img: Rec): string {
  if (typeof img.altText === 'string') return img.altText;
  const text = nonEmpty(img.title) || nonEmpty(img.body) || nonEmpty(img.filename);
  return text.slice(0, ALT_TEXT_LIMIT);
}

function focalPoint(img: Rec): string {
  const fp = img.mediaFocalPoint;
  if (isRecord(fp) && typeof fp.x === 'number' && typeof fp.y === 'number')
    return `${fp.x},${fp.y}`;
  return DEFAULT_FOCAL_POINT;
}

/** The attributes shared by image-meta, child-image-meta, cover-image-meta and image. */
export function imageMeta(img: unknown): string {
  if (!isRecord(img)) return '';
  const url = escapeAttr(toText(img.assetUrl));
  const parts: string[] = [];
  if (img.licensedAssetPreview !== undefined) parts.push('data-licensed-asset-preview="true"');
  parts.push(
    `data-src="${url}"`,
    `data-image="${url}"`,
    `data-image-dimensions="${escapeAttr(toText(img.originalSize))}"`,
    `data-image-focal-point="${escapeAttr(focalPoint(img))}"`,
    `alt="${escapeAttr(altText(img))}"`,
  );
  return parts.join(' ');
}

function imageTag(img: unknown, cls: string): string {
  if (!isRecord(img)) return '';
  const url = escapeAttr(toText(img.assetUrl));
  const alt = escapeAttr(altText(img));
  const key =
    typeof img.componentKey === 'string'
      ? ` data-component-key="${escapeAttr(img.componentKey)}"`
      : '';
  return (
    `<noscript><img src="${url}" alt="${alt}" /></noscript>` +
    `<img class="${escapeAttr(cls)}"${key} ${imageMeta(img)} data-load="false"` +
    ` data-image-id="${escapeAttr(toText(img.id))}" data-type="image" />`
  );
}

function childAt(v: unknown, arg: string | undefined): unknown {
  const items = isRecord(v) ? v.items : undefined;
  const i = Number.parseInt(arg ?? '0', 10);
  return Array.isArray(items) && Number.isInteger(i) ? items[i] : undefined;
}

const WIDTH = /^\d+w$/;
const DIMENSIONS = /^\d+x\d+$/;
/** The original stands in for the largest rendition when the largest was not made. */
const ORIGINAL_WIDTH = '2500w';

export function imageSrcset(v: unknown): string {
  if (!isRecord(v) || typeof v.systemDataVariants !== 'string') return '';
  const url = toText(v.assetUrl);
  const all = v.systemDataVariants.split(',').map((s) => s.trim());
  const entries = all.filter((s) => WIDTH.test(s)).map((w) => `${url}?format=${w} ${w}`);
  if (entries.length === 0) return '';
  if (all.some((s) => DIMENSIONS.test(s)) && !all.includes(ORIGINAL_WIDTH))
    entries.push(`${url}?format=original ${ORIGINAL_WIDTH}`);
  return `srcset="${escapeAttr(entries.join(','))}"`;
}

const CORNERS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const;

export function imageColor(v: unknown, args: readonly string[]): string {
  const data = isRecord(v) ? v.colorData : undefined;
  if (!isRecord(data)) return '';
  const [where, property] = args;
  if (where !== undefined) {
    const c = data[`${where}Average`];
    if (typeof c !== 'string') return `"${where}" not found.`;
    return property === undefined ? `#${c}` : `${property}: #${c}`;
  }
  return CORNERS.filter((k) => typeof data[`${k}Average`] === 'string')
    .map((k) => `data-color-${k}="#${escapeAttr(toText(data[`${k}Average`]))}"`)
    .join(' ');
}

export const imageFormatters: FormatterTable = {
  image: (v, args) => imageTag(v, args[0] ?? 'thumb-image'),
  'image-meta': (v) => imageMeta(v),
  'child-image-meta': (v, args) => imageMeta(childAt(v, args[0])),
  'cover-image-meta': (v) => imageMeta(isRecord(v) ? v.coverImage : undefined),
  'image-srcset': (v) => imageSrcset(v),
  'image-color': (v, args) => imageColor(v, args),
};
