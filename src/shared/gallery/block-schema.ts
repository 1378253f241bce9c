/**
 * The Gallery island's props as the server checks them when it builds them (ADR 019): a refused
 * block is not rendered. Options are read leniently (normalizeGalleryOptions) and reduced to what
 * applies. Zod Mini (ADR 006), as the rest of src/shared/gallery.
 */
import { z } from 'zod/mini';
import type { GalleryBlock } from './block.ts';
import { effectiveGalleryOptions } from './conditions.ts';
import { normalizeGalleryOptions } from './options.ts';

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

/** The block with its options read leniently; null when it is not a gallery block. */
export function readGalleryBlock(props: unknown): GalleryBlock | null {
  const parsed = blockSchema.safeParse(props);
  if (!parsed.success) return null;
  return {
    ...parsed.data,
    options: effectiveGalleryOptions(normalizeGalleryOptions(parsed.data.options)),
  };
}
