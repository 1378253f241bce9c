/**
 * Posts, events and the collections that hold them as template data (docs/behaviour/templates.md#template-data:
 * Record, Event, Collection): the spec's field names (recordType, author displayName,
 * startDate/endDate in epoch milliseconds for the calendar formatters, location), plus text the
 * theme shows as is: dates already formatted in the site's time zone, the calendar file's link
 * and the share links the site's shareButtonOptions switch on. A page's form and newsletter
 * blocks become the page form island's props (pageFormBlocks).
 */
import type { CollectionRow, ContentItemRow } from '../modules/content/index.ts';
import { CONTENT_RECORD_TYPES } from '../db/schema-content.ts';
import { formatEventDates, locationText } from '../modules/content/index.ts';
import { shareLinks } from '../modules/content/index.ts';
import type { AppDb } from '../db/index.ts';
import type { CurrentSite } from '../http/current-site.ts';
import { loadForm } from '../modules/forms/index.ts';
import { pageFormView, type PageFormProps } from '../../shared/forms/page-form-view.ts';
import { formSiteSettingsSchema, type FormSiteSettings } from '../../shared/forms/site-settings.ts';

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
    ...(item.sourceUrl === null ? {} : { sourceUrl: item.sourceUrl }),
    passthrough: item.passthrough,
    likeCount: item.likeCount,
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
    likeCount: collection.likeCount,
  };
}

/** Block types of a page layout that hold a form: the form block and the newsletter block. */
const FORM_BLOCKS: Readonly<Record<string, 'form' | 'newsletter'>> = {
  form: 'form',
  'custom-form': 'form',
  newsletter: 'newsletter',
  // Slice type codes (docs/behaviour/templates.md#enumerations): custom-form 10, newsletter 11, form 16.
  '10': 'form',
  '11': 'newsletter',
  '16': 'form',
};

export interface PageWithBlocks {
  readonly id: string;
  readonly title: string;
  readonly fullUrl: string;
  readonly blocks: readonly Record<string, unknown>[];
}

function formSettingsOf(site: CurrentSite): FormSiteSettings {
  const parsed = formSiteSettingsSchema.safeParse(site.settings ?? {});
  return parsed.success ? parsed.data : formSiteSettingsSchema.parse({});
}

function redirectHostsOf(site: CurrentSite): string[] {
  const hosts = site.settings?.redirectHosts;
  return Array.isArray(hosts)
    ? hosts.filter((host): host is string => typeof host === 'string')
    : [];
}

/**
 * The page's form and newsletter blocks as the page form island's props (`page.formBlocks`),
 * in layout order; a block whose form is not on the site is left out. Nothing here depends on
 * the visitor: the crumb is added when the block renders (pageFormIslandProps), and hidden
 * fields take the page's query parameters in the browser.
 */
export async function pageFormBlocks(
  db: AppDb,
  site: CurrentSite,
  page: PageWithBlocks,
): Promise<PageFormProps[]> {
  const blocks = page.blocks.flatMap((block) => {
    const kind = FORM_BLOCKS[String(block.type)];
    return kind !== undefined && typeof block.formId === 'string'
      ? [{ kind, formId: block.formId }]
      : [];
  });
  if (blocks.length === 0) return [];
  const settings = formSettingsOf(site);
  const redirectHosts = redirectHostsOf(site);
  const forms = await Promise.all(blocks.map((block) => loadForm(db, site.id, block.formId)));
  return blocks.flatMap((block, index) => {
    const form = forms[index];
    if (!form) return [];
    return [
      pageFormView({
        form,
        blockType: block.kind,
        settings,
        redirectHosts,
        page: { id: page.id, title: page.title, path: page.fullUrl, contentSource: 'c' },
        query: new URLSearchParams(),
      }),
    ];
  });
}

/** The island's props for a rendered form block: the block plus this visitor's crumb. */
export function pageFormIslandProps(block: unknown, root: unknown): Record<string, unknown> {
  const crumb =
    typeof root === 'object' && root !== null ? (root as { crumb?: unknown }).crumb : undefined;
  return {
    ...(typeof block === 'object' && block !== null ? (block as Record<string, unknown>) : {}),
    crumb: typeof crumb === 'string' ? crumb : '',
  };
}
