import { describe, expect, it } from 'vitest';
import type { CurrentSite } from '../http/current-site.ts';
import { createSharedPageCache } from './shared-page-cache.ts';

function site(): CurrentSite {
  return { id: 'site-1', title: 'Shop', currency: 'USD', timeZone: 'UTC' };
}

/** A page as the theme renders it: the crumb in a form field and in the page's JSON. */
function pageWith(crumb: string, body = 'Linen Shirt'): string {
  return `<form><input type="hidden" name="crumb" value="${crumb}"></form><h1>${body}</h1><script type="application/json">{"crumb":"${crumb}"}</script>`;
}

describe('createSharedPageCache', () => {
  it('keeps a page rendered with the placeholder and joins each visitor’s crumb into it', () => {
    const cache = createSharedPageCache();
    const current = site();
    const first = cache.keep(current, '/shop', pageWith(cache.placeholder), 'crumbA', undefined);
    expect(first.html).toBe(pageWith('crumbA'));
    const second = cache.get(current, '/shop', 'crumb-B_2', 0);
    expect(second?.html).toBe(pageWith('crumb-B_2'));
    expect(second?.html).not.toContain(cache.placeholder);
  });

  it('gives each crumb its own validator, and the same one for the same crumb', () => {
    const cache = createSharedPageCache();
    const current = site();
    const kept = cache.keep(current, '/shop', pageWith(cache.placeholder), 'crumbA', undefined);
    expect(cache.get(current, '/shop', 'crumbA', 0)?.etag).toBe(kept.etag);
    expect(cache.get(current, '/shop', 'crumbB', 0)?.etag).not.toBe(kept.etag);
    expect(kept.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
  });

  it('gives a changed page a new validator for the same crumb', () => {
    const cache = createSharedPageCache();
    const before = cache.keep(
      site(),
      '/shop',
      pageWith(cache.placeholder, 'Old'),
      'crumbA',
      undefined,
    );
    const after = cache.keep(
      site(),
      '/shop',
      pageWith(cache.placeholder, 'New'),
      'crumbA',
      undefined,
    );
    expect(after.etag).not.toBe(before.etag);
  });

  it('keeps nothing for another loaded site (an edit or the TTL replaces the CurrentSite)', () => {
    const cache = createSharedPageCache();
    cache.keep(site(), '/shop', pageWith(cache.placeholder), 'crumbA', undefined);
    expect(cache.get(site(), '/shop', 'crumbA', 0)).toBeUndefined();
  });

  it('drops the least recently viewed page beyond its size', () => {
    const cache = createSharedPageCache(2);
    const current = site();
    cache.keep(current, '/a', pageWith(cache.placeholder, 'A'), 'c', undefined);
    cache.keep(current, '/b', pageWith(cache.placeholder, 'B'), 'c', undefined);
    cache.get(current, '/a', 'c', 0);
    cache.keep(current, '/c', pageWith(cache.placeholder, 'C'), 'c', undefined);
    expect(cache.get(current, '/a', 'c', 0)).toBeDefined();
    expect(cache.get(current, '/b', 'c', 0)).toBeUndefined();
    expect(cache.get(current, '/c', 'c', 0)).toBeDefined();
  });

  it('drops a page that shows stock once the stock version moves, and keeps one without', () => {
    const cache = createSharedPageCache();
    const current = site();
    cache.keep(current, '/shop/p/mug', pageWith(cache.placeholder, 'Mug: 2 left'), 'c', 4);
    cache.keep(current, '/about', pageWith(cache.placeholder, 'About'), 'c', undefined);
    expect(cache.get(current, '/shop/p/mug', 'c', 4)?.html).toBe(pageWith('c', 'Mug: 2 left'));
    expect(cache.get(current, '/about', 'c', 5)?.html).toBe(pageWith('c', 'About'));
    expect(cache.get(current, '/shop/p/mug', 'c', 5)).toBeUndefined();
    // Dropped, not only hidden: asked at its old version again, it is still gone.
    expect(cache.get(current, '/shop/p/mug', 'c', 4)).toBeUndefined();
  });

  it('accepts only crumbs that every escaper leaves as they are', () => {
    const cache = createSharedPageCache();
    expect(cache.acceptsCrumb('Zx9_-abc')).toBe(true);
    expect(cache.acceptsCrumb('a"b')).toBe(false);
    expect(cache.acceptsCrumb('a<b')).toBe(false);
    expect(cache.acceptsCrumb('a&b')).toBe(false);
    expect(cache.acceptsCrumb('a+b/c=')).toBe(false);
  });

  it('uses a placeholder of its own in each process', () => {
    expect(createSharedPageCache().placeholder).not.toBe(createSharedPageCache().placeholder);
  });
});
