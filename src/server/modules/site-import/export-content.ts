/**
 * Posts and events (content_items rows) back to the site file's `posts` and `events` records,
 * in their stored order; NULL columns become absent fields, as importing them made them.
 */
import type { SiteFile } from '../../../shared/site-file/index.ts';
import type { schema } from '../../db/index.ts';
import { CONTENT_RECORD_TYPES } from '../../db/schema-content.ts';

type ItemRow = typeof schema.contentItems.$inferSelect;

function present<K extends string, V>(key: K, value: V | null): { [P in K]?: V } {
  return value === null ? {} : ({ [key]: value } as { [P in K]?: V });
}

function common(item: ItemRow) {
  return {
    id: item.id,
    collectionId: item.collectionId,
    title: item.title,
    fullUrl: item.fullUrl,
    ...(item.status === 'published' ? {} : { status: item.status }),
    ...present('publishOn', item.publishOn?.toISOString() ?? null),
    ...present('excerpt', item.excerpt),
    ...present('body', item.body),
    tags: item.tags,
    categories: item.categories,
  };
}

export function exportContentItems(rows: readonly ItemRow[]): Pick<SiteFile, 'posts' | 'events'> {
  const posts: SiteFile['posts'] = [];
  const events: SiteFile['events'] = [];
  for (const item of rows) {
    if (item.recordType === CONTENT_RECORD_TYPES.EVENT && item.startDate && item.endDate) {
      events.push({
        ...common(item),
        startDate: item.startDate.toISOString(),
        endDate: item.endDate.toISOString(),
        allDay: item.allDay,
        ...present('location', item.location),
      });
    } else {
      posts.push({
        ...common(item),
        ...present('author', item.authorName),
        ...present('sourceUrl', item.sourceUrl),
        passthrough: item.passthrough,
        likeCount: item.likeCount,
      });
    }
  }
  return { posts, events };
}
