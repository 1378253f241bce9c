/**
 * Posts, events and the collections that hold them as template data (platform.md §3 "Template
 * data": Record, Event, Collection): the spec's field names (recordType, author displayName,
 * startDate/endDate in epoch milliseconds for the calendar formatters, location), plus text the
 * theme shows as is: dates already formatted in the site's time zone, the calendar file's link
 * and the share links the site's shareButtonOptions switch on.
 */
import type { CollectionRow, ContentItemRow } from '../modules/content/item-queries.ts';
import { CONTENT_RECORD_TYPES } from '../db/schema-content.ts';
import { formatEventDates } from '../modules/content/event-dates.ts';
import { shareLinks } from '../modules/content/share-links.ts';

/** Where an event's "Add to calendar" link points: its iCalendar file. */
export function calendarPath(itemId: string): string {
  return `/calendar/${encodeURIComponent(itemId)}/event.ics`;
}

export interface ContentContextOptions {
  readonly timeZone: string;
  readonly language: string;
  /** `https://shop.example`, for absolute share links. */
  readonly origin: string;
  /** The site's shareButtonOptions setting. */
  readonly shareButtonOptions?: unknown;
}

function dateText(date: Date, options: ContentContextOptions): string {
  return new Intl.DateTimeFormat(options.language, {
    timeZone: options.timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(date);
}

/** One line of an event's place: "Quay Hall, 1 Quay St, Lyon, France". */
export function locationText(location: ContentItemRow['location']): string {
  if (!location) return '';
  return [
    location.addressTitle,
    location.addressLine1,
    location.addressLine2,
    location.addressCountry,
  ]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(', ');
}

export function itemContext(item: ContentItemRow, options: ContentContextOptions) {
  const published = item.publishOn ?? item.createdAt;
  const common = {
    id: item.id,
    collectionId: item.collectionId,
    title: item.title,
    fullUrl: item.fullUrl,
    recordType: item.recordType,
    excerpt: item.excerpt,
    body: item.body,
    tags: item.tags,
    categories: item.categories,
    publishOn: published.getTime(),
    publishOnIso: published.toISOString(),
    publishOnText: dateText(published, options),
  };
  if (item.recordType === CONTENT_RECORD_TYPES.EVENT && item.startDate && item.endDate) {
    const dates = formatEventDates(
      { startDate: item.startDate, endDate: item.endDate, allDay: item.allDay },
      options.timeZone,
      options.language,
    );
    return {
      ...common,
      isEvent: true,
      startDate: item.startDate.getTime(),
      endDate: item.endDate.getTime(),
      allDay: item.allDay,
      dateRange: dates.range,
      startIso: dates.startIso,
      endIso: dates.endIso,
      location: item.location,
      locationText: locationText(item.location),
      calendarUrl: calendarPath(item.id),
    };
  }
  return {
    ...common,
    isPost: true,
    author: item.authorName ? { displayName: item.authorName } : null,
    shareLinks: shareLinks(options.shareButtonOptions, options.origin + item.fullUrl, item.title),
  };
}

export function collectionContext(collection: CollectionRow) {
  return {
    id: collection.id,
    title: collection.title,
    fullUrl: collection.fullUrl,
    type: collection.type,
    description: collection.description,
  };
}
