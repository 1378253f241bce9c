// Image formatters: image, image-meta, child-image-meta, cover-image-meta,
// image-srcset, image-color, and the size helpers.
import { isRecord, toOutput, toText } from '../../values.ts';
import { escapeAttr } from '../core/escape.ts';

/** Title-or-body alt text is cut at this many characters (docs/behaviour/galleries-and-images.md#images). */
export const ALT_TEXT_LIMIT = 1000;
export const DEFAULT_FOCAL_POINT = '0.5,0.5';
/** Width buckets (docs/behaviour/galleries-and-images.md#width-buckets): the next bucket is chosen when a size exceeds one. */
export const WIDTH_BUCKETS = [100, 300, 500, 750, 1000, 1500] as const;
export const INVALID_SOURCE = "Invalid source parameter. Pass in 'originalSize'";

type Rec = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Alt text: the image's own `altText` (the owner's words, which our image data carries;
 * docs/adr/002 `image-meta-alt-text`), else as the reference builds it.
 */
function altText(img: Rec): string {
  if (typeof img.altText === 'string') return img.altText;
  return metaAltText(img);
}

const cut = (v: string): string => (v.length > ALT_TEXT_LIMIT ? v.slice(0, ALT_TEXT_LIMIT) : v);

/**
 * Alt text as the reference builds it: the title as written, else the body with each tag
 * read as a space, else the file name.
 */
export function metaAltText(img: Rec): string {
  const title = typeof img.title === 'number' ? String(img.title) : str(img.title);
  if (title !== '') return cut(title);
  const body = str(img.body).replace(/<[^>]*>/g, ' ');
  if (body !== '') return cut(body);
  return cut(str(img.filename));
}

function focalPoint(img: Rec): string {
  const fp = img.mediaFocalPoint;
  if (isRecord(fp) && typeof fp.x === 'number' && typeof fp.y === 'number')
    return `${fp.x},${fp.y}`;
  return DEFAULT_FOCAL_POINT;
}

/** The data attributes the image loader reads. */
export function imageMeta(image: unknown, alt?: string): string {
  // A missing image has no attributes; any other value reads as an image without data.
  if (image === undefined) return '';
  const v = isRecord(image) ? image : {};
  const url = escapeAttr(toText(v.assetUrl));
  const parts: string[] = [];
  if (v.licensedAssetPreview !== undefined && v.licensedAssetPreview !== null)
    parts.push('data-licensed-asset-preview="true"');
  if (typeof v.componentKey === 'string')
    parts.push(`data-component-key="${escapeAttr(v.componentKey)}"`);
  parts.push(
    `data-src="${url}"`,
    `data-image="${url}"`,
    `data-image-dimensions="${escapeAttr(toOutput(v.originalSize))}"`,
    `data-image-focal-point="${focalPoint(v)}"`,
    `alt="${escapeAttr(alt ?? altText(v))}"`,
  );
  // The reference ends the attributes with a space.
  return `${parts.join(' ')} `;
}

/** A scalar as text; an array or object is no text here, as in the reference. */
const scalarText = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

/**
 * The `image` tag. `metaAlt` gives the alt text written among the loader's attributes: the
 * text itself here; the reference escapes it once more there (docs/adr/002
 * `image-alt-escaped-once`), which the differential harness's stand-in passes.
 */
export function image(
  img: unknown,
  cls: string | undefined,
  metaAlt: (alt: string) => string = (alt) => alt,
): string {
  const v = isRecord(img) ? img : {};
  const alt = altText(v);
  const meta = imageMeta(img, metaAlt(alt)).trimEnd();
  const url = escapeAttr(toText(v.assetUrl));
  const id = escapeAttr(scalarText(v.id));
  return (
    `<noscript><img src="${url}" alt="${escapeAttr(alt)}" /></noscript>` +
    `<img class="${escapeAttr(cls ?? 'thumb-image')}" ${meta === '' ? '' : `${meta} `}data-load="false" data-image-id="${id}" data-type="image" />`
  );
}

/** The `index`th child image of a gallery-like value (the first without an index). */
export function childImage(v: unknown, index: string | undefined): unknown {
  const items = isRecord(v) && Array.isArray(v.items) ? v.items : [];
  return items[Number(index ?? 0)];
}

export function childImageMeta(v: unknown, index: string | undefined): string {
  return imageMeta(childImage(v, index));
}

/**
 * The width a srcset gives the original file after each bucket, as the reference gives it:
 * the next bucket up, and 2500w past the widest
 * (docs/behaviour/galleries-and-images.md#image-files-and-renditions).
 */
const ORIGINAL_AFTER: ReadonlyMap<string, string> = new Map(
  WIDTH_BUCKETS.map((w, i) => [`${w}w`, `${WIDTH_BUCKETS[i + 1] ?? 2500}w`]),
);

/**
 * ` srcset="…"` from `systemDataVariants`, as the reference writes it: every variant ending in
 * `w` is a width, taken as written, and when the last one is a bucket the original file serves
 * the next bucket up. Unlike the reference, the attribute's value is escaped.
 */
export function imageSrcset(v: unknown, escape: (s: string) => string = escapeAttr): string {
  // The reference passes a value that is not an image through as text.
  if (!isRecord(v)) return toOutput(v);
  const widths = str(v.systemDataVariants)
    .split(',')
    .filter((s) => s.endsWith('w'));
  const last = widths.at(-1);
  if (last === undefined) return '';
  const url = toText(v.assetUrl);
  const entries = widths.map((w) => `${url}?format=${w} ${w}`);
  const original = ORIGINAL_AFTER.get(last);
  if (original !== undefined) entries.push(`${url}?format=original ${original}`);
  // The reference opens the attribute with a space.
  return ` srcset="${escape(entries.join(','))}"`;
}

/**
 * What the `image-srcset` formatter gives: the attribute, or the value itself unchanged (an
 * object stays one) when it has no image widths, as in the reference.
 */
export function srcsetOrValue(v: unknown, srcset: string): unknown {
  return srcset === '' || !isRecord(v) ? v : srcset;
}

const COLOR_POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const;

/**
 * The colour attributes, or one position's colour. Any `colorData` but a missing one reads as
 * colour data, and a position without a colour prints `#` alone, as in the reference. The
 * colours are escaped for the attribute (docs/adr/002 `image-color-escaped`); the differential
 * harness's stand-in passes an escape that changes nothing.
 */
export function imageColor(
  v: unknown,
  position: string | undefined,
  property: string | undefined,
  escape: (s: string) => string = escapeAttr,
): string | undefined {
  const found = isRecord(v) ? v.colorData : undefined;
  // No colour data is no value (json prints nothing), as in the reference.
  if (found === undefined) return undefined;
  const data = isRecord(found) ? found : {};
  if (position === undefined) {
    // The reference ends the attributes with a space.
    return COLOR_POSITIONS.map(
      (p) => `data-color-${p}="#${escape(scalarText(data[`${p}Average`]))}" `,
    ).join('');
  }
  // A position without a colour (missing, empty, or no scalar) is not found.
  const text = scalarText(data[`${position}Average`]);
  if (text === '') return `"${position}" not found.`;
  return property === undefined ? `#${text}` : `${property}: #${text}`;
}

/**
 * "800x400" → [800, 400]; null when the source is not a string holding one `x`. Each side
 * is read as the reference reads it, as a leading integer ("10x" → [10, NaN]).
 */
export function parseSize(v: unknown): [number, number] | null {
  if (typeof v !== 'string') return null;
  const parts = v.split('x');
  // Exactly one `x`: "10x20x30" and "10x7px" are no size, as in the reference.
  if (parts.length !== 2) return null;
  return [Number.parseInt(parts[0] ?? '', 10), Number.parseInt(parts[1] ?? '', 10)];
}

/** The smallest bucket the width fits; a width that is not a number gets the smallest. */
export function widthBucket(width: number): string {
  for (const b of WIDTH_BUCKETS) if (!(width > b)) return `${b}w`;
  return `${WIDTH_BUCKETS[WIDTH_BUCKETS.length - 1] ?? 1500}w`;
}
