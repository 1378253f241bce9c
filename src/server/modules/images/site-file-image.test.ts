import { describe, expect, it } from 'vitest';
import { productRecord } from '../../../shared/site-file/index.ts';
import { toProductRecord } from '../store-admin/product-record.ts';
import { siteFileImage } from './site-file-image.ts';

const stored = {
  id: 'cover',
  url: 'images/cover.jpg',
  altText: 'Cover',
  focalPoint: { x: 0.2, y: 0.8 },
  original: { version: '0123456789abcdef', format: 'jpeg' as const, width: 1600, height: 2000 },
};

describe('siteFileImage', () => {
  it("drops the stored original's facts and keeps the file's fields", () => {
    expect(siteFileImage(stored)).toEqual({
      id: 'cover',
      url: 'images/cover.jpg',
      altText: 'Cover',
      focalPoint: { x: 0.2, y: 0.8 },
    });
  });

  it("keeps a stored product's record valid for the owner's edits", () => {
    const now = new Date();
    const record = toProductRecord(
      {
        id: 'p',
        siteId: 's',
        collectionId: null,
        title: 'P',
        fullUrl: '/shop/p/p',
        productType: 1,
        status: 'published',
        publishOn: null,
        description: null,
        excerpt: null,
        tags: [],
        categories: [],
        images: [stored],
        isSubscribable: false,
        subscriptionPlan: null,
        additionalFieldsFormId: null,
        useCustomAddButtonText: false,
        customAddButtonText: null,
        variantDisplay: 'dropdown',
        variantOptionOrdering: [],
        position: 0,
        createdAt: now,
        updatedAt: now,
      },
      [],
    );
    const parsed = productRecord.safeParse({
      ...record,
      variants: [{ id: 'v', sku: 'V', attributes: {}, price: 100 }],
    });
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});
