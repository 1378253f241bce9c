/**
 * A site file for the content page tests: one record of each kind in each content status, a
 * password-protected page and collection, members-only ones, and enough posts to page search
 * results. Scheduled times are relative to now, so "past" and "future" stay true.
 */
import type { ContentStatus, SiteFileInput } from '../../src/shared/site-file/index.ts';
import { encodePasswordHash } from '../../src/server/modules/content/page-password.ts';
import { hashPassword } from '../../src/server/modules/auth/password.ts';

export const PAGE_PASSWORD = 'open sesame';
const CHEAP_SCRYPT = { N: 1024, r: 8, p: 1 } as const;

const DAY_MS = 86_400_000;
export const PAST = new Date(Date.now() - DAY_MS).toISOString();
export const FUTURE = new Date(Date.now() + 365 * DAY_MS).toISOString();

/** Every status a record can have, with the publish time that goes with it. */
export const STATUS_CASES: readonly {
  name: string;
  status: ContentStatus;
  publishOn?: string;
  expected: 200 | 404;
}[] = [
  { name: 'published', status: 'published', expected: 200 },
  { name: 'draft', status: 'draft', expected: 404 },
  { name: 'needs-review', status: 'needs-review', expected: 404 },
  { name: 'private', status: 'private', expected: 404 },
  { name: 'scheduled-past', status: 'scheduled', publishOn: PAST, expected: 200 },
  { name: 'scheduled-future', status: 'scheduled', publishOn: FUTURE, expected: 404 },
];

/** How many extra published posts mention "gazette" (search paging). */
export const GAZETTE_POSTS = 12;

export async function contentFixture(): Promise<SiteFileInput> {
  const passwordHash = encodePasswordHash(await hashPassword(PAGE_PASSWORD, CHEAP_SCRYPT));
  const statusOf = (c: (typeof STATUS_CASES)[number]) => ({
    status: c.status,
    ...(c.publishOn ? { publishOn: c.publishOn } : {}),
  });
  return {
    website: {
      id: 'content-test',
      title: 'Content Test',
      timeZone: 'Europe/Paris',
      settings: { shareButtonOptions: { facebook: true, email: true } },
    },
    collections: [
      { id: 'blog', title: 'Blog', fullUrl: '/blog', type: 1 },
      { id: 'agenda', title: 'Agenda', fullUrl: '/agenda', type: 1 },
      { id: 'vault', title: 'Vault', fullUrl: '/vault', type: 1, passwordHash },
      { id: 'club', title: 'Club', fullUrl: '/club', type: 1, membersOnly: true },
      { id: 'shop', title: 'Shop', fullUrl: '/shop', type: 13 },
      { id: 'hidden-shop', title: 'Hidden shop', fullUrl: '/hidden-shop', passwordHash },
      ...STATUS_CASES.map((c) => ({
        id: `collection-${c.name}`,
        title: `Collection ${c.name}`,
        fullUrl: `/collection-${c.name}`,
        type: 1,
        ...statusOf(c),
      })),
    ],
    pages: [
      {
        id: 'secret',
        title: 'Secret page',
        fullUrl: '/secret',
        body: '<p>Hidden words</p>',
        passwordHash,
      },
      {
        id: 'lounge',
        title: 'Lounge',
        fullUrl: '/lounge',
        body: '<p>Members talk</p>',
        membersOnly: true,
      },
      ...STATUS_CASES.map((c) => ({
        id: `page-${c.name}`,
        title: `Page ${c.name}`,
        fullUrl: `/page-${c.name}`,
        body: `<p>Zephyr page ${c.name}</p>`,
        ...statusOf(c),
      })),
    ],
    products: [
      ...STATUS_CASES.map((c) => ({
        id: `product-${c.name}`,
        collectionId: 'shop',
        title: `Product ${c.name}`,
        fullUrl: `/shop/p/product-${c.name}`,
        productType: 1,
        description: `Zephyr product ${c.name}`,
        ...statusOf(c),
        variants: [{ id: `variant-${c.name}`, sku: `SKU-${c.name}`, price: 1000, unlimited: true }],
      })),
      {
        id: 'locked-product',
        collectionId: 'hidden-shop',
        title: 'Locked product',
        fullUrl: '/hidden-shop/p/locked-product',
        productType: 1,
        description: 'Zephyr locked',
        variants: [{ id: 'locked-variant', sku: 'SKU-LOCKED', price: 1000, unlimited: true }],
      },
    ],
    posts: [
      ...STATUS_CASES.map((c) => ({
        id: `post-${c.name}`,
        collectionId: 'blog',
        title: `Post ${c.name}`,
        fullUrl: `/blog/post-${c.name}`,
        author: 'Ana <Ruiz>',
        excerpt: `Zephyr post ${c.name}`,
        body: `<p>Zephyr post body ${c.name}</p>`,
        tags: ['linen'],
        categories: ['News'],
        ...statusOf(c),
      })),
      ...STATUS_CASES.map((c) => ({
        id: `post-in-${c.name}`,
        collectionId: `collection-${c.name}`,
        title: `Post in ${c.name} collection`,
        fullUrl: `/collection-${c.name}/post`,
      })),
      {
        id: 'vault-post',
        collectionId: 'vault',
        title: 'Vault post',
        fullUrl: '/vault/post',
        excerpt: 'Zephyr vault',
      },
      { id: 'club-post', collectionId: 'club', title: 'Club post', fullUrl: '/club/post' },
      ...Array.from({ length: GAZETTE_POSTS }, (_, i) => ({
        id: `gazette-${i + 1}`,
        collectionId: 'blog',
        title: `Gazette issue ${String(i + 1).padStart(2, '0')}`,
        fullUrl: `/blog/gazette-${i + 1}`,
        excerpt: 'The monthly gazette.',
        publishOn: new Date(Date.parse(PAST) - i * DAY_MS).toISOString(),
      })),
    ],
    events: [
      ...STATUS_CASES.map((c) => ({
        id: `event-${c.name}`,
        collectionId: 'agenda',
        title: `Event ${c.name}`,
        fullUrl: `/agenda/event-${c.name}`,
        startDate: '2026-07-04T08:00:00Z',
        endDate: '2026-07-04T14:00:00Z',
        location: {
          addressTitle: 'Quay Hall',
          addressLine1: '1 Quay St',
          addressCountry: 'France',
        },
        excerpt: `Zephyr event ${c.name}`,
        ...statusOf(c),
      })),
      {
        id: 'vault-event',
        collectionId: 'vault',
        title: 'Vault event',
        fullUrl: '/vault/event',
        startDate: '2026-08-01T00:00:00Z',
        endDate: '2026-08-01T00:00:00Z',
        allDay: true,
      },
    ],
  };
}
