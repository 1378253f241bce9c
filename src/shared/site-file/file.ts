/**
 * The whole site file: `{ website, collections, pages, products, forms, reviews, posts, events }`, with the
 * rules that span records: unique ids, references between records, URL clashes and limits.
 */
import { z } from 'zod';
import { allowedRedirect } from '../html/safe-redirect.ts';
import { COLLECTION_TYPES, LIMITS } from './enums.ts';
import {
  collectionRecord,
  eventRecord,
  formRecord,
  pageRecord,
  postRecord,
  productRecord,
  reviewRecord,
  websiteRecord,
} from './records.ts';

type Path = (string | number)[];

/** The collection type of blogs and event calendars. */
export const GENERIC_COLLECTION_TYPE = COLLECTION_TYPES.generic;

export const siteFileSchema = z
  .strictObject({
    website: websiteRecord,
    collections: z.array(collectionRecord).default([]),
    pages: z.array(pageRecord).default([]),
    products: z.array(productRecord).default([]),
    forms: z.array(formRecord).default([]),
    reviews: z.array(reviewRecord).default([]),
    /** Blog posts, items of generic collections. */
    posts: z.array(postRecord).default([]),
    /** Events, items of generic collections. */
    events: z.array(eventRecord).default([]),
  })
  .superRefine((file, ctx) => {
    const issue = (path: Path, message: string) => ctx.addIssue({ code: 'custom', path, message });

    /** Reports the second and later uses of a key; returns the keys seen. */
    const unique = (entries: [key: string, path: Path][], what: string): Set<string> => {
      const firstPath = new Map<string, Path>();
      for (const [key, path] of entries) {
        const first = firstPath.get(key);
        if (first === undefined) firstPath.set(key, path);
        else issue(path, `Duplicate ${what} "${key}" (also at ${formatPath(first)})`);
      }
      return new Set(firstPath.keys());
    };

    const collectionIds = unique(
      file.collections.map((c, i) => [c.id, ['collections', i, 'id']]),
      'collection id',
    );
    unique(
      file.pages.map((p, i) => [p.id, ['pages', i, 'id']]),
      'page id',
    );
    const productIds = unique(
      file.products.map((p, i) => [p.id, ['products', i, 'id']]),
      'product id',
    );
    const formIds = unique(
      file.forms.map((f, i) => [f.id, ['forms', i, 'id']]),
      'form id',
    );
    unique(
      file.reviews.map((r, i) => [r.id, ['reviews', i, 'id']]),
      'review id',
    );
    unique(
      file.products.flatMap((p, i) =>
        p.variants.map((v, j): [string, Path] => [v.id, ['products', i, 'variants', j, 'id']]),
      ),
      'variant id',
    );
    // SKUs identify a variant across the store (cart calls send itemId and sku).
    unique(
      file.products.flatMap((p, i) =>
        p.variants.map((v, j): [string, Path] => [v.sku, ['products', i, 'variants', j, 'sku']]),
      ),
      'sku',
    );
    // Posts and events are stored together: one id space.
    unique(
      [
        ...file.posts.map((p, i): [string, Path] => [p.id, ['posts', i, 'id']]),
        ...file.events.map((e, i): [string, Path] => [e.id, ['events', i, 'id']]),
      ],
      'post or event id',
    );
    // Collections, pages, products, posts and events share the site's URL space.
    unique(
      [
        ...file.collections.map((c, i): [string, Path] => [
          c.fullUrl,
          ['collections', i, 'fullUrl'],
        ]),
        ...file.pages.map((p, i): [string, Path] => [p.fullUrl, ['pages', i, 'fullUrl']]),
        ...file.products.map((p, i): [string, Path] => [p.fullUrl, ['products', i, 'fullUrl']]),
        ...file.posts.map((p, i): [string, Path] => [p.fullUrl, ['posts', i, 'fullUrl']]),
        ...file.events.map((e, i): [string, Path] => [e.fullUrl, ['events', i, 'fullUrl']]),
      ],
      'fullUrl',
    );

    const perCollection = new Map<string, number>();
    file.products.forEach((product, i) => {
      if (product.collectionId !== undefined) {
        if (!collectionIds.has(product.collectionId)) {
          issue(['products', i, 'collectionId'], `No collection with id "${product.collectionId}"`);
        }
        const count = (perCollection.get(product.collectionId) ?? 0) + 1;
        perCollection.set(product.collectionId, count);
        if (count === LIMITS.productsPerCollection + 1) {
          issue(
            ['products', i, 'collectionId'],
            `More than ${LIMITS.productsPerCollection} products in collection "${product.collectionId}"`,
          );
        }
      }
      if (
        product.additionalFieldsFormId !== undefined &&
        !formIds.has(product.additionalFieldsFormId)
      ) {
        issue(
          ['products', i, 'additionalFieldsFormId'],
          `No form with id "${product.additionalFieldsFormId}"`,
        );
      }
    });
    // A form's successRedirect stays on the site or goes to a host the merchant listed.
    const listedHosts = file.website.settings.redirectHosts;
    const redirectHosts = Array.isArray(listedHosts)
      ? listedHosts.filter((host): host is string => typeof host === 'string')
      : [];
    file.forms.forEach((form, i) => {
      if (
        form.successRedirect !== undefined &&
        allowedRedirect(form.successRedirect, redirectHosts) === undefined
      ) {
        issue(
          ['forms', i, 'successRedirect'],
          'Must be a path on this site (/thanks) or an http(s) address on a host listed in website.settings.redirectHosts',
        );
      }
    });
    // Mailing-list connections name newsletter forms by id.
    const connections = file.website.settings.mailingListConnections;
    if (Array.isArray(connections)) {
      connections.forEach((connection, c) => {
        const ids =
          typeof connection === 'object' && connection !== null && 'formIds' in connection
            ? connection.formIds
            : [];
        (Array.isArray(ids) ? ids : []).forEach((formId, f) => {
          if (typeof formId === 'string' && !formIds.has(formId)) {
            issue(
              ['website', 'settings', 'mailingListConnections', c, 'formIds', f],
              `No form with id "${formId}"`,
            );
          }
        });
      });
    }
    // Posts and events live in generic collections (type 1), never in a products collection.
    const collectionTypes = new Map(file.collections.map((c) => [c.id, c.type]));
    const checkItemCollection = (kind: 'posts' | 'events', collectionId: string, i: number) => {
      const type = collectionTypes.get(collectionId);
      if (type === undefined)
        issue([kind, i, 'collectionId'], `No collection with id "${collectionId}"`);
      else if (type !== GENERIC_COLLECTION_TYPE)
        issue(
          [kind, i, 'collectionId'],
          `Collection "${collectionId}" has type ${type}; posts and events belong to a generic collection (type ${GENERIC_COLLECTION_TYPE})`,
        );
    };
    file.posts.forEach((post, i) => checkItemCollection('posts', post.collectionId, i));
    file.events.forEach((event, i) => checkItemCollection('events', event.collectionId, i));
    file.reviews.forEach((review, i) => {
      if (!productIds.has(review.productId)) {
        issue(['reviews', i, 'productId'], `No product with id "${review.productId}"`);
      }
    });
  });

/** A validated site file, defaults applied. */
export type SiteFile = z.output<typeof siteFileSchema>;
/** What a site file may contain before defaults (optional fields may be left out). */
export type SiteFileInput = z.input<typeof siteFileSchema>;

export type SiteFileResult =
  { success: true; data: SiteFile } | { success: false; errors: string[] };

/** Validates a parsed JSON value as a site file; errors name the bad record by path. */
export function parseSiteFile(input: unknown): SiteFileResult {
  const result = siteFileSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  return { success: false, errors: formatSiteFileIssues(result.error.issues, input) };
}

/** Thrown by importers when a site file is invalid; `errors` has one line per problem. */
export class SiteFileError extends Error {
  readonly errors: readonly string[];

  constructor(errors: readonly string[]) {
    const shown = errors.slice(0, MAX_ERRORS_IN_MESSAGE);
    const more = errors.length - shown.length;
    super(
      [
        `The site file is invalid (${errors.length} ${errors.length === 1 ? 'problem' : 'problems'}):`,
        ...shown.map((line) => `  ${line}`),
        ...(more > 0 ? [`  … and ${more} more`] : []),
      ].join('\n'),
    );
    this.name = 'SiteFileError';
    this.errors = errors;
  }
}

const MAX_ERRORS_IN_MESSAGE = 20;

/** `products[1].variants[0].price` */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(file)' : out;
}

/**
 * One line per issue: `products[1].variants[0].price: Must not be negative (product
 * "linen-shirt", variant "linen-shirt-s-sand")`: the path, the message, and the ids of the
 * records on the path so the bad record can be found by id as well as by position.
 */
export function formatSiteFileIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
): string[] {
  return issues.map((issue) => {
    const path = issue.path;
    let message = issue.message;
    if (issue.code === 'unrecognized_keys') {
      message = `Unknown ${issue.keys.length === 1 ? 'field' : 'fields'} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    }
    const ids = recordIds(path, input);
    return `${formatPath(path)}: ${message}${ids.length > 0 ? ` (${ids.join(', ')})` : ''}`;
  });
}

const RECORD_NAMES: Record<string, string> = {
  collections: 'collection',
  pages: 'page',
  products: 'product',
  variants: 'variant',
  forms: 'form',
  fields: 'field',
  reviews: 'review',
  posts: 'post',
  events: 'event',
};

/** Walks the input along the path and names each array record that has a string id. */
function recordIds(path: readonly PropertyKey[], input: unknown): string[] {
  const ids: string[] = [];
  let value: unknown = input;
  for (let i = 0; i < path.length; i += 1) {
    const key = path[i];
    if (
      value === null ||
      typeof value !== 'object' ||
      key === undefined ||
      typeof key === 'symbol'
    ) {
      break;
    }
    value = (value as Record<string | number, unknown>)[key];
    const parent = path[i - 1];
    const name =
      typeof key === 'number' && typeof parent === 'string' ? RECORD_NAMES[parent] : undefined;
    if (name !== undefined && value !== null && typeof value === 'object' && 'id' in value) {
      const id = value.id;
      if (typeof id === 'string') ids.push(`${name} "${id}"`);
    }
  }
  return ids;
}
