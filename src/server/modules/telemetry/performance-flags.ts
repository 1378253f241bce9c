/**
 * Per-site rollout flags of the page-speed collector (docs/behaviour/telemetry.md#rollout-flags): rum, `<app>-app`,
 * track-page-speed and track-user-timing, each false unless the owner turned it on. The
 * collector runs only when all of them are true for its app.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDb } from '../../db/index.ts';
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

/** How long a process reuses a site's flags: settings are asked on every page load. */
export const FLAGS_CACHE_MS = 30_000;

export interface FlagsCache {
  read(db: AppDb, siteId: string): Promise<Record<string, boolean>>;
  invalidate(siteId: string): void;
}

/**
 * Flags per site, kept FLAGS_CACHE_MS. An owner's change shows at once in this process (the PUT
 * invalidates) and within FLAGS_CACHE_MS in the others.
 */
export function createFlagsCache(
  load: typeof readPerformanceFlags = readPerformanceFlags,
  now: () => number = Date.now,
): FlagsCache {
  const entries = new Map<string, { flags: Promise<Record<string, boolean>>; expires: number }>();
  return {
    read(db, siteId) {
      const hit = entries.get(siteId);
      if (hit && hit.expires > now()) return hit.flags;
      const flags = load(db, siteId);
      entries.set(siteId, { flags, expires: now() + FLAGS_CACHE_MS });
      // A failed read is not kept: the next page load asks the database again.
      flags.catch(() => entries.delete(siteId));
      return flags;
    },
    invalidate(siteId) {
      entries.delete(siteId);
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
