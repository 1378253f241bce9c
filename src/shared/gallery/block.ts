/**
 * The gallery block as the Gallery island receives it: its options (completed and reduced to
 * what applies) and its images with their pictures already worked out by the server. The island
 * parses its props with `readGalleryBlock`, since they arrive as JSON from the page. Zod Mini
 * (ADR 006): this module ships to the browser; a refused prop only makes the block null.
 */
import { z } from 'zod/mini';
import { effectiveGalleryOptions } from './conditions.ts';
import type { GalleryOptions } from './enums.ts';
import type { GalleryPicture } from './images.ts';
import { normalizeGalleryOptions } from './options.ts';

export interface GalleryItem {
  readonly id: string;
  readonly title: string;
  /** Plain text. */
  readonly description: string;
  /** Where the image leads (a site path or a web address); absent: nowhere. */
  readonly link?: string | undefined;
  readonly alt: string;
  readonly picture: GalleryPicture;
}

export interface GalleryBlock {
  /** Unique on the page: the element ids of the block derive from it. */
  readonly id: string;
  /** The block's heading, also its accessible name. */
  readonly title: string;
  readonly options: GalleryOptions;
  readonly items: readonly GalleryItem[];
}

const unitInterval = z.number().check(z.minimum(0), z.maximum(1));

const pictureSchema = z.object({
  src: z.string(),
  srcset: z.string(),
  large: z.string(),
  width: z.optional(z.number().check(z.positive())),
  height: z.optional(z.number().check(z.positive())),
  focalPoint: z.object({ x: unitInterval, y: unitInterval }),
});

const itemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.optional(z.string()),
  alt: z.string(),
  picture: pictureSchema,
});

const blockSchema = z.object({
  id: z.string().check(z.regex(/^[A-Za-z][\w-]*$/)),
  title: z.string(),
  options: z.optional(z.unknown()),
  items: z.array(itemSchema),
});

/** The block's props, with its options read leniently; null when they are not a gallery block. */
export function readGalleryBlock(props: unknown): GalleryBlock | null {
  const parsed = blockSchema.safeParse(props);
  if (!parsed.success) return null;
  return {
    ...parsed.data,
    options: effectiveGalleryOptions(normalizeGalleryOptions(parsed.data.options)),
  };
}

/** A block id made safe for element ids: letters, digits, `-` and `_`, starting with a letter. */
export function galleryElementId(id: string): string {
  const safe = id.replace(/[^\w-]+/g, '-');
  return /^[A-Za-z]/.test(safe) ? safe : `gallery-${safe}`;
}
