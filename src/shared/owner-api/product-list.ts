/**
 * The owner product list as GET /api/vitrine/owner/products answers it (docs/owner-api.md): the
 * server builds it, the owner app reads it.
 */
import type { ContentStatus } from '../site-file/index.ts';

export interface ProductSummary {
  readonly id: string;
  readonly collectionId: string | null;
  readonly title: string;
  readonly fullUrl: string;
  readonly productType: number;
  readonly status: ContentStatus;
  readonly variantCount: number;
  readonly soldOut: boolean;
  readonly onSale: boolean;
  /** Last change, epoch milliseconds. */
  readonly updated: number;
  /**
   * The first image: a stored original at 100w, a web address or site path as written; null
   * without images or for a file the import did not store (nothing to serve).
   */
  readonly image: { readonly src: string; readonly alt: string } | null;
  /** Lowest and highest price a shopper pays now (the sale price while on sale); null without variants. */
  readonly priceRange: { readonly min: number; readonly max: number } | null;
  /** Units in stock over every variant; null when a variant is unlimited. */
  readonly stockTotal: number | null;
}

export interface ProductPage {
  readonly products: readonly ProductSummary[];
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}
