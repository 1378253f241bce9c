/**
 * Site file records ⇄ database rows. Pure mapping, no I/O: positions come from the order in
 * the file, optional fields absent from the file become NULL or the column default.
 */
import { withDesignPreset } from '../../../shared/gallery/index.ts';
import type { SiteFile } from '../../../shared/site-file/index.ts';
import type { schema } from '../../db/index.ts';
import { CONTENT_RECORD_TYPES } from '../../db/schema-content.ts';

export interface SiteRows {
  site: typeof schema.sites.$inferInsert;
  forms: (typeof schema.forms.$inferInsert)[];
  collections: (typeof schema.collections.$inferInsert)[];
  pages: (typeof schema.pages.$inferInsert)[];
  products: (typeof schema.products.$inferInsert)[];
  variants: (typeof schema.variants.$inferInsert)[];
  reviews: (typeof schema.reviews.$inferInsert)[];
  /** Posts and events (content_items). */
  contentItems: (typeof schema.contentItems.$inferInsert)[];
}

/**
 * Review text is stored as plain text (docs/behaviour/api-and-data-rules.md#visitor-text): tags are removed here, and every output
 * escapes it anyway, so this is tidiness rather than the XSS defence.
 */
export function stripTags(text: string): string {
  // A tag starts with a letter, "/" or "!": "5 < 6 and 7 > 3" is text and stays.
  return text.replace(/<!--[\s\S]*?-->|<[A-Za-z/!][^>]*>/g, '');
}

/** A gallery block's design sets the switches that design needs, unless the file sets them. */
function withGalleryPreset<B extends { type: string; options?: unknown }>(block: B): B {
  return block.type === 'gallery' && 'options' in block
    ? { ...block, options: withDesignPreset(block.options) }
    : block;
}

export function siteFileToRows(file: SiteFile): SiteRows {
  const siteId = file.website.id;
  const { settings, currency, timeZone, language } = file.website;
  return {
    site: {
      id: siteId,
      title: file.website.title,
      settings: { ...settings, currency, timeZone, language },
    },
    forms: file.forms.map((form) => ({
      id: form.id,
      siteId,
      name: form.name,
      fields: form.fields,
      settings: definedOnly({
        submissionMessage: form.submissionMessage,
        submissionHTML: form.submissionHTML,
        successRedirect: form.successRedirect,
        disclaimerMessage: form.disclaimerMessage,
        captchaEnabled: form.captchaEnabled,
        validationDisabled: form.validationDisabled,
        captchaTheme: form.captchaTheme,
        captchaAlignment: form.captchaAlignment,
      }),
    })),
    collections: file.collections.map((collection, position) => ({
      ...listedRecordColumns(collection, siteId),
      type: collection.type,
      passwordHash: collection.passwordHash ?? null,
      membersOnly: collection.membersOnly,
      view: collection.view,
      likeCount: collection.likeCount,
      position,
    })),
    pages: file.pages.map((page, position) => ({
      ...listedRecordColumns(page, siteId),
      body: page.body ?? null,
      blocks: page.blocks.map(withGalleryPreset),
      passwordHash: page.passwordHash ?? null,
      membersOnly: page.membersOnly,
      position,
    })),
    products: file.products.map((product, position) => ({
      ...listedRecordColumns(product, siteId),
      collectionId: product.collectionId ?? null,
      productType: product.productType,
      excerpt: product.excerpt ?? null,
      tags: product.tags,
      categories: product.categories,
      images: product.images.map(({ id, url, altText, focalPoint, colorData }) => ({
        id,
        url,
        ...(altText === undefined ? {} : { altText }),
        ...(focalPoint === undefined ? {} : { focalPoint }),
        ...(colorData === undefined ? {} : { colorData }),
      })),
      isSubscribable: product.isSubscribable,
      subscriptionPlan: product.subscriptionPlan ?? null,
      additionalFieldsFormId: product.additionalFieldsFormId ?? null,
      useCustomAddButtonText: product.useCustomAddButtonText,
      customAddButtonText: product.customAddButtonText ?? null,
      variantDisplay: product.variantDisplay,
      variantOptionOrdering: product.variantOptionOrdering,
      position,
    })),
    variants: file.products.flatMap((product) =>
      product.variants.map((variant, position) => ({
        id: variant.id,
        productId: product.id,
        position,
        sku: variant.sku,
        attributes: variant.attributes,
        price: variant.price,
        salePrice: variant.salePrice,
        onSale: variant.onSale,
        unlimited: variant.unlimited,
        qtyInStock: variant.qtyInStock,
        mainImageId: variant.mainImageId ?? null,
      })),
    ),
    reviews: file.reviews.map((review) => ({
      id: review.id,
      siteId,
      productId: review.productId,
      userName: review.userName,
      reviewDate: new Date(review.reviewDate),
      starRating: review.starRating,
      reviewText: stripTags(review.reviewText),
      imageUrl: review.imageUrl ?? null,
    })),
    contentItems: [
      ...file.posts.map((post, position) => ({
        ...publishedColumns(post, siteId),
        collectionId: post.collectionId,
        recordType: CONTENT_RECORD_TYPES.TEXT,
        excerpt: post.excerpt ?? null,
        body: post.body ?? null,
        authorName: post.author ?? null,
        tags: post.tags,
        categories: post.categories,
        sourceUrl: post.sourceUrl ?? null,
        passthrough: post.passthrough,
        likeCount: post.likeCount,
        position,
      })),
      ...file.events.map((event, position) => ({
        ...publishedColumns(event, siteId),
        collectionId: event.collectionId,
        recordType: CONTENT_RECORD_TYPES.EVENT,
        excerpt: event.excerpt ?? null,
        body: event.body ?? null,
        tags: event.tags,
        categories: event.categories,
        startDate: new Date(event.startDate),
        endDate: new Date(event.endDate),
        allDay: event.allDay,
        location: event.location ?? null,
        position,
      })),
    ],
  };
}

/** The columns every published record maps alike: identity, site, address and publishing. */
function publishedColumns(
  record: Pick<SiteFile['pages'][number], 'id' | 'title' | 'fullUrl' | 'status' | 'publishOn'>,
  siteId: string,
) {
  return {
    id: record.id,
    siteId,
    title: record.title,
    fullUrl: record.fullUrl,
    status: record.status ?? 'published',
    publishOn: dateOrNull(record.publishOn),
  };
}

/** Collections, pages and products: the published columns and a description. */
function listedRecordColumns(
  record: Pick<
    SiteFile['pages'][number],
    'id' | 'title' | 'fullUrl' | 'status' | 'publishOn' | 'description'
  >,
  siteId: string,
) {
  return { ...publishedColumns(record, siteId), description: record.description ?? null };
}

function dateOrNull(iso: string | undefined): Date | null {
  return iso === undefined ? null : new Date(iso);
}

/** Drops undefined properties, so JSON columns hold no `"key": null` noise. */
export function definedOnly<T extends object>(
  value: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  // Object.fromEntries loses the key types; the filter only removes keys, so the cast holds.
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
