/**
 * Gallery blocks of a page as template data and as the Gallery island's props (docs/behaviour/galleries-and-images.md#gallery-blocks). A block in the site file:
 *
 *   { "type": "gallery", "id": "lookbook", "title": "Lookbook", "options": { "design": "grid" },
 *     "items": [{ "image": "linen-shirt-sand", "title": "…", "description": "…", "link": "/shop" }] }
 *
 * `image` names one of the site's product images by id (its stored original gives the srcset
 * of width buckets, the size and the focal point); `url` instead takes a web address or site
 * path as written (no renditions). Options are read leniently (normalizeGalleryOptions: out of
 * range clamped, unknown values at their default) and reduced to what applies, and they stay
 * on the block as `options`, so the engine's gallery-* predicates see every option with its
 * value. Links go through the site's link rules (no javascript: addresses).
 */
import { z } from 'zod';
import {
  galleryElementId,
  type GalleryBlock,
  type GalleryItem,
} from '../../shared/gallery/block.ts';
import { readGalleryBlock } from '../../shared/gallery/block-schema.ts';
import { galleryPicture, type GalleryImageAsset } from '../../shared/gallery/images.ts';
import { renderLinkTarget } from '../../shared/site-context/link-target.ts';
import type { AppDb } from '../db/index.ts';
import type { ProductImage } from '../db/schema.ts';
import { productImages } from '../modules/catalog/index.ts';
import { imageAsset } from '../modules/images/index.ts';
import type { IslandRenderer } from './islands.ts';

export const GALLERY_BLOCK_TYPE = 'gallery';

const text = z.string().trim().max(2000).catch('');

const itemInput = z.object({
  image: z.string().min(1).optional().catch(undefined),
  url: z.string().min(1).optional().catch(undefined),
  altText: z.string().optional().catch(undefined),
  title: text.optional(),
  description: text.optional(),
  link: z.string().min(1).optional().catch(undefined),
  focalPoint: z
    .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
    .optional()
    .catch(undefined),
});
type ItemInput = z.infer<typeof itemInput>;

const blockInput = z.object({
  id: z.string().min(1).optional().catch(undefined),
  title: text.optional(),
  options: z.unknown().optional(),
  items: z.array(z.unknown()).catch([]),
});

/** A web address or a site path, as the image route cannot resize it. */
function plainImageUrl(url: string): string | undefined {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : undefined;
}

function assetOf(
  item: ItemInput,
  images: ReadonlyMap<string, ProductImage>,
): GalleryImageAsset | undefined {
  const stored = item.image === undefined ? undefined : images.get(item.image);
  if (stored) {
    const asset = imageAsset(stored);
    return item.focalPoint ? { ...asset, mediaFocalPoint: item.focalPoint } : asset;
  }
  const url = item.url === undefined ? undefined : plainImageUrl(item.url);
  return url === undefined ? undefined : { assetUrl: url, mediaFocalPoint: item.focalPoint };
}

function galleryItem(
  raw: unknown,
  position: number,
  images: ReadonlyMap<string, ProductImage>,
): GalleryItem | undefined {
  const parsed = itemInput.safeParse(raw);
  if (!parsed.success) return undefined;
  const item = parsed.data;
  const asset = assetOf(item, images);
  if (!asset) return undefined;
  const link =
    item.link === undefined ? undefined : renderLinkTarget({ type: 'url', url: item.link }).href;
  return {
    id: `${item.image ?? 'image'}-${position + 1}`,
    title: item.title ?? '',
    description: item.description ?? '',
    ...(link === undefined ? {} : { link }),
    alt: item.altText ?? asset.altText ?? item.title ?? '',
    picture: galleryPicture(asset),
  };
}

function isGalleryBlock(block: Readonly<Record<string, unknown>>): boolean {
  return block.type === GALLERY_BLOCK_TYPE;
}

/** The page's gallery blocks, in layout order, each with at least one image it can show. */
export async function galleryBlocks(
  db: AppDb,
  siteId: string,
  blocks: readonly Readonly<Record<string, unknown>>[],
): Promise<GalleryBlock[]> {
  const inputs = blocks.filter(isGalleryBlock).flatMap((block) => {
    const parsed = blockInput.safeParse(block);
    return parsed.success ? [parsed.data] : [];
  });
  if (inputs.length === 0) return [];
  const ids = inputs.flatMap((block) =>
    block.items.flatMap((item) => {
      const parsed = itemInput.safeParse(item);
      return parsed.success && parsed.data.image !== undefined ? [parsed.data.image] : [];
    }),
  );
  const images = await productImages(db, siteId, [...new Set(ids)]);
  // Element ids derive from block ids, so a repeated id gets a suffix.
  const used = new Set<string>();
  return inputs.flatMap((block, position) => {
    const items = block.items.flatMap((raw, index) => galleryItem(raw, index, images) ?? []);
    if (items.length === 0) return [];
    const base = galleryElementId(block.id ?? `gallery-${position + 1}`);
    let id = base;
    for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    // Checked here, as the island's props are built (ADR 019): the island reads them by type.
    const checked = readGalleryBlock({
      id,
      title: block.title ?? '',
      options: block.options,
      items,
    });
    return checked ? [checked] : [];
  });
}

/**
 * `{@|gallery-block}`: the block's HTML, server-rendered by the Gallery island. Hydrated on load:
 * the loader's `visible` directive observes the island element, which has no box of its own
 * (display: contents), so it would never hydrate.
 */
export function renderGalleryBlock(islands: IslandRenderer, node: unknown): string {
  if (typeof node !== 'object' || node === null) return '';
  return islands.render('Gallery', node as Record<string, unknown>, 'load');
}
