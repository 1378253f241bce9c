/**
 * The import's image step: the products' image files are stored (src/server/modules/images)
 * before the database transaction, and each stored image's row records its original's
 * version, format and size, which templates read as `originalSize` and the image URL.
 */
import { storeSiteImages, type SiteImageSource } from '../images/index.ts';
import type { SiteRows } from './rows.ts';

export type { SiteImageSource };

export async function storeProductImages(
  products: Parameters<typeof storeSiteImages>[0],
  rows: SiteRows,
  source: SiteImageSource,
): Promise<void> {
  const stored = await storeSiteImages(products, source);
  for (const product of rows.products) {
    product.images = product.images?.map((image) => {
      const original = stored.get(image.url);
      return original === undefined ? image : { ...image, original: { ...original } };
    });
  }
}
