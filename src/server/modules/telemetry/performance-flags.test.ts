import { describe, expect, it } from 'vitest';
import type { AppDb } from '../../db/index.ts';
import { createFlagsCache, FLAGS_CACHE_MS, performanceFlagsBody } from './performance-flags.ts';

const db = {} as AppDb;

describe('performance flags cache', () => {
  it(`reuses a site's flags for ${FLAGS_CACHE_MS} ms, then reads again; invalidate reads at once`, async () => {
    let clock = 0;
    let loads = 0;
    const cache = createFlagsCache(
      async () => {
        loads += 1;
        return { rum: loads > 1 };
      },
      () => clock,
    );
    expect(await cache.read(db, 's1')).toEqual({ rum: false });
    clock = FLAGS_CACHE_MS - 1;
    expect(await cache.read(db, 's1')).toEqual({ rum: false });
    expect(loads).toBe(1);
    clock = FLAGS_CACHE_MS;
    expect(await cache.read(db, 's1')).toEqual({ rum: true });
    cache.invalidate('s1');
    await cache.read(db, 's1');
    expect(loads).toBe(3);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const cache = createFlagsCache(async () => {
      if (fail) throw new Error('down');
      return {};
    });
    await expect(cache.read(db, 's1')).rejects.toThrow('down');
    fail = false;
    await expect(cache.read(db, 's1')).resolves.toEqual({});
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
