/**
 * Per-site rollout flags of the page-speed collector (docs/behaviour/telemetry.md#rollout-flags): rum, `<app>-app`,
 * track-page-speed and track-user-timing, each false unless the owner turned it on. The
 * collector runs only when all of them are true for its app.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDb } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { performanceSettings } from '../../db/schema-telemetry.ts';
import {
  BASE_PERFORMANCE_FLAGS,
  performanceFlagsSchema,
} from '../../../shared/analytics/performance-flags.ts';

export const BASE_FLAGS = BASE_PERFORMANCE_FLAGS;

export const performanceFlagsBody = z.object({ flags: performanceFlagsSchema });

/** The site's flags with every base flag present (false by default). */
export async function readPerformanceFlags(
  db: AppDb,
  siteId: string,
): Promise<Record<string, boolean>> {
  const [row] = await db
    .select({ flags: performanceSettings.flags })
    .from(performanceSettings)
    .where(eq(performanceSettings.siteId, siteId));
  const defaults = Object.fromEntries(BASE_FLAGS.map((flag) => [flag, false]));
  return { ...defaults, ...(row?.flags ?? {}) };
}

/** How long a process reuses a site's flags at most: settings are asked on every page load. */
export const FLAGS_CACHE_MS = 30_000;

export interface FlagsCache {
  read(db: AppDb, site: CurrentSite): Promise<Record<string, boolean>>;
}

/**
 * Flags per loaded site, kept at most FLAGS_CACHE_MS. Keyed by the CurrentSite object, like the
 * page cache: the site resolver hands out a new one after `invalidate()` (the owner's PUT names
 * the change 'settings') or after its TTL, so a change shows at once in the process that made
 * it and, through the site-change notice, within a second in every other (docs/scaling.md).
 */
export function createFlagsCache(
  load: typeof readPerformanceFlags = readPerformanceFlags,
  now: () => number = Date.now,
): FlagsCache {
  const entries = new WeakMap<
    CurrentSite,
    { flags: Promise<Record<string, boolean>>; expires: number }
  >();
  return {
    read(db, site) {
      const hit = entries.get(site);
      if (hit && hit.expires > now()) return hit.flags;
      const flags = load(db, site.id);
      const entry = { flags, expires: now() + FLAGS_CACHE_MS };
      entries.set(site, entry);
      // A failed read is not kept: the next page load asks the database again.
      flags.catch(() => {
        if (entries.get(site) === entry) entries.delete(site);
      });
      return flags;
    },
  };
}

/** Replaces the site's flags. */
export async function writePerformanceFlags(
  db: AppDb,
  siteId: string,
  flags: Record<string, boolean>,
): Promise<void> {
  await db
    .insert(performanceSettings)
    .values({ siteId, flags })
    .onConflictDoUpdate({
      target: performanceSettings.siteId,
      set: { flags, updatedAt: new Date() },
    });
}
