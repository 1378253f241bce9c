/**
 * The gallery option set as one typed schema (docs/behaviour/galleries-and-images.md#gallery-option-set): every option
 * with its default and its allowed values or range.
 *
 * Two ways in:
 * - `parseGalleryOptions` is strict, for what a merchant writes (the site file, an editor): an
 *   out-of-range number, a value outside an enumeration, a non-boolean switch or an unknown
 *   option is refused with a message naming the option and what it allows.
 * - `normalizeGalleryOptions` is lenient, for rendering what is stored: a number out of range is
 *   clamped into it (and rounded to a whole number), anything else that does not parse takes the
 *   option's default, so a page never fails because of one stale option.
 *
 * Zod Mini (ADR 006): the Gallery island reaches `normalizeGalleryOptions` through block.ts, and
 * the full API would put all of zod classic in the browser's shared zod chunk. Zod Mini loads no
 * error-message locale, so every message a merchant reads is given here explicitly; none comes
 * from zod's defaults.
 */
import { z } from 'zod/mini';
import {
  GALLERY_ACTIVE_ALIGNMENTS,
  GALLERY_ASPECT_RATIOS,
  GALLERY_DEFAULTS,
  GALLERY_DESIGNS,
  GALLERY_LIGHTBOX_THEMES,
  GALLERY_META_POSITIONS,
  GALLERY_OPTION_NAMES,
  GALLERY_RANGES,
  type GalleryOptionName,
  type GalleryOptions,
  type GalleryRangeOption,
} from './enums.ts';

export function rangeMessage(name: GalleryRangeOption): string {
  const { min, max, unit } = GALLERY_RANGES[name];
  return `${name} must be a whole number of ${unit} from ${min} to ${max}`;
}

function oneOfMessage(name: string, values: readonly string[]): string {
  return `${name} must be one of ${values.join(', ')}`;
}

function enumOption<const T extends readonly [string, ...string[]]>(
  name: GalleryOptionName,
  values: T,
) {
  return z.enum(values, { error: oneOfMessage(name, values) });
}

function switchOption(name: GalleryOptionName) {
  return z.boolean({ error: `${name} must be true or false` });
}

function rangeOption(name: GalleryRangeOption) {
  const { min, max } = GALLERY_RANGES[name];
  const message = rangeMessage(name);
  return z
    .int({ error: message })
    .check(z.minimum(min, { error: message }), z.maximum(max, { error: message }));
}

const SHAPE = {
  design: enumOption('design', GALLERY_DESIGNS),
  autoplay: switchOption('autoplay'),
  'autoplay-duration': rangeOption('autoplay-duration'),
  controls: switchOption('controls'),
  'auto-crop': switchOption('auto-crop'),
  'aspect-ratio': enumOption('aspect-ratio', GALLERY_ASPECT_RATIOS),
  'square-thumbs': switchOption('square-thumbs'),
  thumbnails: switchOption('thumbnails'),
  'thumbnail-strip-height': rangeOption('thumbnail-strip-height'),
  'thumbnail-strip-margin': rangeOption('thumbnail-strip-margin'),
  'show-meta-basic': switchOption('show-meta-basic'),
  'show-meta': switchOption('show-meta'),
  'show-meta-only-title': switchOption('show-meta-only-title'),
  'meta-position': enumOption('meta-position', GALLERY_META_POSITIONS),
  'show-meta-on-hover': switchOption('show-meta-on-hover'),
  'active-alignment': enumOption('active-alignment', GALLERY_ACTIVE_ALIGNMENTS),
  'thumbnails-per-row': rangeOption('thumbnails-per-row'),
  padding: rangeOption('padding'),
  lightbox: switchOption('lightbox'),
  lightboxTheme: enumOption('lightboxTheme', GALLERY_LIGHTBOX_THEMES),
  'max-width': rangeOption('max-width'),
  newWindow: switchOption('newWindow'),
  transparentBackground: switchOption('transparentBackground'),
} satisfies Record<GalleryOptionName, z.ZodMiniType>;

/** The option set: every option optional, filled with its default. */
export const galleryOptionsSchema = z.strictObject(
  Object.fromEntries(
    GALLERY_OPTION_NAMES.map((name) => [
      name,
      z._default(SHAPE[name] as z.ZodMiniType<unknown>, GALLERY_DEFAULTS[name]),
    ]),
  ) as { [K in GalleryOptionName]: z.ZodMiniDefault<(typeof SHAPE)[K]> },
  { error: 'Gallery options must be an object' },
);

export type GalleryOptionsResult =
  | { readonly ok: true; readonly options: GalleryOptions }
  | { readonly ok: false; readonly errors: readonly string[] };

/** Strict: the options with defaults filled in, or one message per refused option. */
export function parseGalleryOptions(input: unknown): GalleryOptionsResult {
  const result = galleryOptionsSchema.safeParse(input ?? {});
  if (result.success) return { ok: true, options: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown gallery option${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
        : issue.message,
    ),
  };
}

function isRangeOption(name: GalleryOptionName): name is GalleryRangeOption {
  return Object.hasOwn(GALLERY_RANGES, name);
}

/** A number clamped into the option's range and rounded; undefined when it is not a number. */
export function clampToRange(name: GalleryRangeOption, value: unknown): number | undefined {
  if (typeof value !== 'number' || Number.isNaN(value)) return undefined;
  const { min, max } = GALLERY_RANGES[name];
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** Lenient: numbers clamped into range, anything else that does not parse at its default. */
export function normalizeGalleryOptions(input: unknown): GalleryOptions {
  const raw: Record<string, unknown> =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {};
  const options: Record<string, unknown> = {};
  for (const name of GALLERY_OPTION_NAMES) {
    const value = raw[name];
    if (isRangeOption(name)) {
      options[name] = clampToRange(name, value) ?? GALLERY_DEFAULTS[name];
      continue;
    }
    const parsed = SHAPE[name].safeParse(value);
    options[name] = parsed.success ? parsed.data : GALLERY_DEFAULTS[name];
  }
  return options as unknown as GalleryOptions;
}
