// Content predicates: record and collection types, gallery options, events, excerpts.
import { isFlagSet, isRecord, isTruthy, leadingNumber, toNumber, walk } from '../../values.ts';
import type { Predicate, PredicateTable } from '../types.ts';
import { sameDay } from '../date/zoned.ts';
import { galleryPredicates } from './gallery-predicates.ts';
import { COLLECTION_TYPES, FOLDER_BEHAVIORS } from '../../../shared/site-file/enums.ts';

/** Record types of docs/behaviour/templates.md#enumerations. */
export const RECORD_TYPES: Readonly<Record<string, number>> = {
  text: 1,
  image: 2,
  quote: 4,
  link: 5,
  audio: 7,
  video: 8,
  'store-item': 11,
  event: 12,
  gallery: 14,
  binary: 15,
  'css-asset': 16,
  'tweak-asset': 17,
  'digital-good': 18,
  attachment: 19,
  'wordpress-export': 20,
  'json-export': 21,
  'site-search': 30,
  'active-time': 31,
  tweet: 50,
  checkin: 52,
  kbarticle: 54,
};

const FOLDER_INDEX = FOLDER_BEHAVIORS.index;
const FOLDER_REDIRECT = FOLDER_BEHAVIORS.redirect;
const COLLECTION_PAGE = COLLECTION_TYPES.page;
const COLLECTION_TEMPLATE_PAGE = COLLECTION_TYPES['template-page'];

const get = (node: unknown, ...path: string[]): unknown => walk(node, path);

/** Record types that an item's promoted block of the same name stands for, as in the reference. */
const PROMOTED_AS_RECORD = new Set(['gallery', 'image', 'link', 'quote', 'video']);

/**
 * The item's record type as the reference reads it: a number, or text by its leading number
 * ('8', ' 08' and '8x' are 8); any other value is no type.
 */
export function recordTypeOf(node: unknown): number {
  const v = get(node, 'recordType');
  if (typeof v === 'number') return v;
  return typeof v === 'string' ? leadingNumber(v) : Number.NaN;
}

function recordType(name: string): Predicate {
  const code = RECORD_TYPES[name];
  if (!PROMOTED_AS_RECORD.has(name)) return (node) => recordTypeOf(node) === code;
  return (node) => recordTypeOf(node) === code || get(node, 'promotedBlockType') === name;
}

function nonBlank(v: unknown): boolean {
  return typeof v === 'string' && v.trim() !== '';
}

const predicates: Record<string, Predicate> = {
  ...galleryPredicates,
  // `calendarView` is looked up as a variable is, and read as a flag, as in the reference.
  'calendar-view?': (_node, _args, env) => isFlagSet(env.resolve('calendarView')),
  // As in the reference, the first child decides: it has an image by its main image or
  // system data id (an asset URL alone is not one).
  'child-images?': (node) => {
    const items = get(node, 'items');
    const first: unknown = Array.isArray(items) ? items[0] : undefined;
    return isRecord(first) && (isTruthy(first.mainImageId) || isTruthy(first.systemDataId));
  },
  'clickable?': (node) => {
    const fb = get(node, 'folderBehavior');
    return fb === undefined || fb === FOLDER_INDEX || fb === FOLDER_REDIRECT;
  },
  'collection?': (node) => isTruthy(get(node, 'collection')),
  'collection-page?': (node) => get(node, 'collection', 'type') === COLLECTION_PAGE,
  'collection-template-page?': (node) =>
    get(node, 'collection', 'type') === COLLECTION_TEMPLATE_PAGE ||
    get(node, 'type') === COLLECTION_TEMPLATE_PAGE,
  'collectionTypeNameEquals?': (node, args) =>
    args[0] !== undefined && get(node, 'typeName') === args[0],
  'excerpt?': (node) => {
    const e = get(node, 'excerpt');
    return nonBlank(isRecord(e) ? e.html : e);
  },
  'external-link?': (node) => nonBlank(get(node, 'externalLink')),
  // A video item or a promoted video block, as `video?` (and the reference) answer.
  'external-video?': recordType('video'),
  'folder?': (node) => get(node, 'collection', 'folder') === true,
  // A folder that opens its index page.
  'index?': (node) =>
    isTruthy(get(node, 'collection', 'folder')) &&
    toNumber(get(node, 'collection', 'folderBehavior')) === FOLDER_INDEX,
  // An item that links through to its source.
  'passthrough?': (node) => isTruthy(get(node, 'passthrough')) && isTruthy(get(node, 'sourceUrl')),
  // As in the reference, an object with several members has multiple too.
  'has-multiple?': (node) =>
    Array.isArray(node) ? node.length > 1 : isRecord(node) && Object.keys(node).length > 1,
  'location?': (node) =>
    typeof get(node, 'location', 'mapLat') === 'number' &&
    typeof get(node, 'location', 'mapLng') === 'number',
  'main-image?': (node) =>
    isTruthy(get(node, 'mainImageId')) || isTruthy(get(node, 'systemDataId')),
  'redirect?': (node) => get(node, 'folderBehavior') === FOLDER_REDIRECT,
  // Like the reference, a missing or non-scalar date reads as the epoch and text by its
  // leading number.
  'same-day?': (node, _args, env) => {
    const start = leadingNumber(get(node, 'startDate'));
    const end = leadingNumber(get(node, 'endDate'));
    return Number.isFinite(start) && Number.isFinite(end) && sameDay(start, end, env.timeZone);
  },
  'serviceNameEmail?': (node) => get(node, 'serviceName') === 'email',
  'show-past-events?': (node) => get(node, 'showPastOrUpcomingEvents') === 'past',
};

for (const name of Object.keys(RECORD_TYPES)) predicates[`${name}?`] ??= recordType(name);
// The reference's record-type table has an entry without a name, code -1: it answers to `undefined?`.
predicates['undefined?'] = (node) => toNumber(get(node, 'recordType')) === -1;

/** Background sources of docs/behaviour/templates.md#enumerations; -1 is the reference's unnamed entry. */
const BACKGROUND_SOURCES: Readonly<Record<string, number>> = {
  undefined: -1,
  upload: 1,
  instagram: 2,
  video: 3,
  none: 4,
};
for (const [name, code] of Object.entries(BACKGROUND_SOURCES))
  predicates[`background-source-${name}?`] = (node) =>
    toNumber(get(node, 'backgroundSource')) === code;
for (const block of [
  'image',
  'video',
  'gallery',
  'quote',
  'link',
  'audio',
  'text',
  'map',
  'code',
  'embed',
  'form',
  'twitter',
  'foursquare',
  'instagram',
]) {
  predicates[`promoted${block.toUpperCase()}?`] = (node) =>
    get(node, 'promotedBlockType') === block;
}
export const contentPredicates: PredicateTable = predicates;
