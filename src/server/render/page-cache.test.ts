import { describe, expect, it, vi } from 'vitest';
import type { CurrentSite } from '../http/current-site.ts';
import { cachedPageFinder } from './page-cache.ts';
import type { FoundPage, PageFinder } from './resolve-page.ts';

function site(): CurrentSite {
  return { id: 'site-1', title: 'Shop', currency: 'USD', timeZone: 'UTC' };
}

function foundAt(path: string): FoundPage {
  return {
    protection: undefined,
    page: { template: 'page', pageType: 1, title: path, context: { path } },
  };
}

/** A finder over a fixed set of paths that counts its lookups. */
function countingFinder(paths: readonly string[]) {
  const find = vi.fn<PageFinder>(async (_site, path) =>
    paths.includes(path) ? foundAt(path) : undefined,
  );
  return find;
}

describe('cachedPageFinder', () => {
  it('looks a found page up once for the same loaded site, path and origin', async () => {
    const find = countingFinder(['/shop']);
    const cached = cachedPageFinder(find);
    const current = site();
    const first = await cached(current, '/shop', 'https://a.example');
    const second = await cached(current, '/shop', 'https://a.example');
    expect(second).toBe(first);
    expect(find).toHaveBeenCalledTimes(1);
  });

  it('shares one lookup between views that arrive while it runs', async () => {
    const find = countingFinder(['/shop']);
    const cached = cachedPageFinder(find);
    const current = site();
    await Promise.all([1, 2, 3].map(() => cached(current, '/shop', '')));
    expect(find).toHaveBeenCalledTimes(1);
  });

  it('looks up again once the site is reloaded (a new CurrentSite after an edit or the TTL)', async () => {
    const find = countingFinder(['/shop']);
    const cached = cachedPageFinder(find);
    await cached(site(), '/shop', '');
    await cached(site(), '/shop', '');
    expect(find).toHaveBeenCalledTimes(2);
  });

  it('keeps pages apart by origin, whose share links differ', async () => {
    const find = countingFinder(['/blog/post']);
    const cached = cachedPageFinder(find);
    const current = site();
    await cached(current, '/blog/post', 'https://a.example');
    await cached(current, '/blog/post', 'https://b.example');
    expect(find).toHaveBeenCalledTimes(2);
  });

  it('does not keep a path where nothing is published, so it can appear later', async () => {
    const find = countingFinder([]);
    const cached = cachedPageFinder(find);
    const current = site();
    expect(await cached(current, '/missing', '')).toBeUndefined();
    expect(await cached(current, '/missing', '')).toBeUndefined();
    expect(find).toHaveBeenCalledTimes(2);
  });

  it('does not keep a protected page, so a changed password or lock guards it at once', async () => {
    const locked: FoundPage = {
      ...foundAt('/vault'),
      protection: { kind: 'members', target: 'page:vault', title: 'Vault' },
    };
    const find = vi.fn<PageFinder>(async () => locked);
    const cached = cachedPageFinder(find);
    const current = site();
    await cached(current, '/vault', '');
    await cached(current, '/vault', '');
    expect(find).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed lookup: the next view tries again', async () => {
    const find = vi
      .fn<PageFinder>()
      .mockRejectedValueOnce(new Error('connection lost'))
      .mockResolvedValueOnce(foundAt('/shop'));
    const cached = cachedPageFinder(find);
    const current = site();
    await expect(cached(current, '/shop', '')).rejects.toThrow('connection lost');
    expect(await cached(current, '/shop', '')).toEqual(foundAt('/shop'));
    expect(find).toHaveBeenCalledTimes(2);
  });

  it('drops the least recently viewed path beyond its bound', async () => {
    const find = countingFinder(['/a', '/b', '/c']);
    const cached = cachedPageFinder(find, { maxEntries: 2 });
    const current = site();
    await cached(current, '/a', '');
    await cached(current, '/b', '');
    await cached(current, '/a', ''); // /a is now the most recent; /b the least
    await cached(current, '/c', ''); // evicts /b
    expect(find).toHaveBeenCalledTimes(3);
    await cached(current, '/a', '');
    await cached(current, '/c', '');
    expect(find).toHaveBeenCalledTimes(3);
    await cached(current, '/b', '');
    expect(find).toHaveBeenCalledTimes(4);
  });

  it('looks a page that shows stock up again once the stock version moves; others stay', async () => {
    let stock = 0;
    const find = vi.fn<PageFinder>(async (_site, path) => ({
      protection: undefined,
      page: {
        template: path === '/about' ? 'page' : 'item',
        pageType: 1,
        title: path,
        context: { stock },
        carriesStock: path !== '/about',
      },
    }));
    const cached = cachedPageFinder(find, { stockVersion: () => stock });
    const current = site();
    await cached(current, '/shop/p/mug', '');
    await cached(current, '/about', '');
    expect(find).toHaveBeenCalledTimes(2);

    stock += 1;
    const mug = await cached(current, '/shop/p/mug', '');
    expect(mug?.page.context).toEqual({ stock: 1 });
    await cached(current, '/about', '');
    expect(find).toHaveBeenCalledTimes(3);
    // Looked up at the new version, it is kept again until the next move.
    await cached(current, '/shop/p/mug', '');
    expect(find).toHaveBeenCalledTimes(3);
  });

  it('starts a new lookup for a stock page still being looked up when the version moves', async () => {
    let stock = 0;
    let release: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (release = resolve));
    const find = vi.fn<PageFinder>(async (_site, path) => {
      if (find.mock.calls.length === 1) await first;
      return {
        protection: undefined,
        page: { template: 'item', pageType: 1, title: path, context: {}, carriesStock: true },
      };
    });
    const cached = cachedPageFinder(find, { stockVersion: () => stock });
    const current = site();
    const pending = cached(current, '/shop/p/mug', '');
    stock += 1;
    await cached(current, '/shop/p/mug', '');
    release();
    await pending;
    expect(find).toHaveBeenCalledTimes(2);
  });
});
