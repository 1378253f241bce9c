import { describe, expect, it } from 'vitest';
import type { CollectionRow, ContentItemRow } from '../modules/content/item-queries.ts';
import { collectionContext, itemContext } from './content-context.ts';

const at = new Date('2026-01-02T09:00:00Z');
const post: ContentItemRow = {
  id: 'hello',
  siteId: 'site',
  collectionId: 'journal',
  recordType: 1,
  title: 'Hello',
  fullUrl: '/journal/hello',
  status: 'published',
  publishOn: at,
  excerpt: null,
  body: null,
  authorName: null,
  tags: [],
  categories: [],
  startDate: null,
  endDate: null,
  allDay: false,
  location: null,
  sourceUrl: 'https://press.example/linen',
  passthrough: true,
  likeCount: 7,
  position: 0,
  createdAt: at,
  updatedAt: at,
};
const options = { timeZone: 'UTC', language: 'en-US', origin: 'https://shop.example' };

describe('record fields of the template data', () => {
  it("gives templates a post's sourceUrl, passthrough and likeCount", () => {
    expect(itemContext(post, options)).toMatchObject({
      sourceUrl: 'https://press.example/linen',
      passthrough: true,
      likeCount: 7,
    });
    const plain = itemContext(
      { ...post, sourceUrl: null, passthrough: false, likeCount: 0 },
      options,
    );
    expect(plain).not.toHaveProperty('sourceUrl');
    expect(plain).toMatchObject({ passthrough: false, likeCount: 0 });
  });

  it("gives templates a collection's likeCount", () => {
    const collection = {
      id: 'journal',
      title: 'Journal',
      fullUrl: '/journal',
      type: 1,
      description: null,
      likeCount: 3,
    } as CollectionRow;
    expect(collectionContext(collection)).toMatchObject({ likeCount: 3 });
  });
});
