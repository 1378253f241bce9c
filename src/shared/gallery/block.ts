/**
 * The gallery block as the Gallery island receives it: its options (completed and reduced to
 * what applies) and its images with their pictures already worked out by the server. The server
 * checks each block against its schema as it builds it (block-schema.ts, ADR 019), so the island
 * reads its props by type, with no schema code: this module ships to the browser.
 */
import type { GalleryOptions } from './enums.ts';
import type { GalleryPicture } from './images.ts';

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

/**
 * The island's props, checked on the server (readGalleryBlock in block-schema.ts), read by type;
 * null when they are not even shaped as a block, so a server bug renders no gallery rather than
 * throwing at the shopper.
 */
export function galleryBlockOf(props: unknown): GalleryBlock | null {
  if (typeof props !== 'object' || props === null) return null;
  const block = props as Partial<Record<keyof GalleryBlock, unknown>>;
  const shaped =
    typeof block.id === 'string' &&
    typeof block.title === 'string' &&
    typeof block.options === 'object' &&
    block.options !== null &&
    Array.isArray(block.items);
  return shaped ? (props as GalleryBlock) : null;
}

/** A block id made safe for element ids: letters, digits, `-` and `_`, starting with a letter. */
export function galleryElementId(id: string): string {
  const safe = id.replace(/[^\w-]+/g, '-');
  return /^[A-Za-z]/.test(safe) ? safe : `gallery-${safe}`;
}
