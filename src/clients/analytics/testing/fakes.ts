/**
 * Test doubles for the analytics client: a cookie jar behind document.cookie that keeps each
 * cookie's max-age, page values, and a fetch that records form posts.
 */
import { vi } from 'vitest';
import type { PageValues } from '../page-values.ts';

export interface JarCookie {
  readonly value: string;
  /** Seconds, or undefined for a session cookie. */
  readonly maxAge: number | undefined;
}

/** Replaces document.cookie with a jar; returns it. A max-age of 0 deletes. */
export function installCookieJar(): Map<string, JarCookie> {
  const jar = new Map<string, JarCookie>();
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => [...jar].map(([name, cookie]) => `${name}=${cookie.value}`).join('; '),
    set: (text: string) => {
      const [pair = '', ...attributes] = text.split('; ');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const age = attributes.find((attribute) => attribute.startsWith('max-age='));
      const maxAge = age === undefined ? undefined : Number(age.slice('max-age='.length));
      if (maxAge === 0) jar.delete(name);
      else jar.set(name, { value: decodeURIComponent(pair.slice(at + 1)), maxAge });
    },
  });
  return jar;
}

export function pageValues(overrides: Partial<PageValues> = {}): PageValues {
  return {
    websiteId: 'vitrine-demo',
    templateId: 'vitrine-default',
    pageType: 2,
    collectionId: null,
    itemId: null,
    locale: 'en-US',
    timeZone: 'America/New_York',
    currency: 'USD',
    signedIn: false,
    websiteRoles: [],
    cookieBanner: false,
    restrictiveCookies: false,
    cloneable: false,
    censusDisabled: false,
    visitorMetrics: true,
    formHandler: true,
    purchaseEvents: true,
    cartQuantity: 0,
    product: null,
    order: null,
    ...overrides,
  };
}

export interface Post {
  readonly url: string;
  readonly fields: Record<string, string>;
}

/** A fetch answering `status` that records each form post's fields. */
export function installFetch(status = 202): { posts: Post[]; fetch: ReturnType<typeof vi.fn> } {
  const posts: Post[] = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    posts.push({
      url,
      fields: Object.fromEntries(new URLSearchParams(init.body as URLSearchParams)),
    });
    return Promise.resolve(new Response(null, { status }));
  });
  vi.stubGlobal('fetch', fetch);
  return { posts, fetch };
}

/** The parsed JSON of a post's field. */
export function jsonField(post: Post | undefined, field: string): Record<string, unknown> {
  return JSON.parse(post?.fields[field] ?? '{}') as Record<string, unknown>;
}
