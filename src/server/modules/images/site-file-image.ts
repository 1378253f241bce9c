/**
 * A stored product image back in the site file's shape: the stored original's facts are the
 * server's (they are read again on import), so exports and owner views leave them out, and the
 * record passes the file's strict schema.
 */
import type { ProductImage } from '../../db/schema.ts';

export type SiteFileImage = Omit<ProductImage, 'original'>;

export function siteFileImage({ original: _stored, ...image }: ProductImage): SiteFileImage {
  return image;
}
