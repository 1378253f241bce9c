import { describe, expect, it } from 'vitest';
import type { AppDb } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { createFlagsCache, FLAGS_CACHE_MS, performanceFlagsBody } from './performance-flags.ts';

const db = {} as AppDb;
/** A loaded site as the resolver hands it out; a reload is a new object. */
const loadedSite = (): CurrentSite => ({
  id: 's1',
  title: 'Shop',
  currency: 'USD',
  timeZone: 'UTC',
});

describe('performance flags cache', () => {
  it(`reuses a loaded site's flags for ${FLAGS_CACHE_MS} ms, then reads again`, async () => {
    let clock = 0;
    let loads = 0;
    const cache = createFlagsCache(
      async () => {
        loads += 1;
        return { rum: loads > 1 };
      },
      () => clock,
    );
    const site = loadedSite();
    expect(await cache.read(db, site)).toEqual({ rum: false });
    clock = FLAGS_CACHE_MS - 1;
    expect(await cache.read(db, site)).toEqual({ rum: false });
    expect(loads).toBe(1);
    clock = FLAGS_CACHE_MS;
    expect(await cache.read(db, site)).toEqual({ rum: true });
    expect(loads).toBe(2);
  });

  it('reads again at once for a reloaded site (after an invalidate or a change notice)', async () => {
    let loads = 0;
    const cache = createFlagsCache(
      async () => {
        loads += 1;
        return { rum: loads > 1 };
      },
      () => 0,
    );
    expect(await cache.read(db, loadedSite())).toEqual({ rum: false });
    expect(await cache.read(db, loadedSite())).toEqual({ rum: true });
    expect(loads).toBe(2);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const cache = createFlagsCache(async () => {
      if (fail) throw new Error('down');
      return {};
    });
    const site = loadedSite();
    await expect(cache.read(db, site)).rejects.toThrow('down');
    fail = false;
    await expect(cache.read(db, site)).resolves.toEqual({});
  });
});

describe('performance flags body', () => {
  it('takes rum, track-page-speed, track-user-timing and <app>-app flags only', () => {
    expect(
      performanceFlagsBody.safeParse({
        flags: {
          rum: true,
          'track-page-speed': false,
          'track-user-timing': true,
          'commerce-app': true,
        },
      }).success,
    ).toBe(true);
    expect(performanceFlagsBody.safeParse({ flags: { 'track-everything': true } }).success).toBe(
      false,
    );
    expect(performanceFlagsBody.safeParse({ flags: { rum: 'yes' } }).success).toBe(false);
  });
});
