/**
 * The page-speed collector's rollout flags (docs/behaviour/telemetry.md#rollout-flags): rum, `<app>-app`, track-page-speed and
 * track-user-timing. The collector runs only when all of them are true for its app. Set by an
 * owner through the telemetry API, or by the site file (`website.settings.performanceFlags`).
 */
import { z } from 'zod';

export const BASE_PERFORMANCE_FLAGS = ['rum', 'track-page-speed', 'track-user-timing'] as const;

const FLAG_NAME = /^(rum|track-page-speed|track-user-timing|[a-z][a-z0-9-]{0,40}-app)$/;
const MAX_FLAGS = 50;

export const performanceFlagsSchema = z
  .record(z.string().max(60), z.boolean())
  .superRefine((flags, ctx) => {
    const names = Object.keys(flags);
    if (names.length > MAX_FLAGS)
      ctx.addIssue({ code: 'custom', message: `at most ${MAX_FLAGS} flags` });
    // Each unknown name is its own issue, under its own path, so the message can name it.
    for (const name of names.filter((flag) => !FLAG_NAME.test(flag)))
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'is not a rollout flag (rum, <app>-app, track-page-speed, track-user-timing)',
      });
  });

export type PerformanceFlags = z.infer<typeof performanceFlagsSchema>;
