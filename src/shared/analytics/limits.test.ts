import { describe, expect, it } from 'vitest';
import * as limits from './limits.ts';

describe('analytics limits (docs/behaviour/analytics.md#limits)', () => {
  it('keep the spec values', () => {
    expect(limits.VISITOR_COOKIE).toBe('ss_cvr');
    expect(limits.RESTRICTED_TRACKING_COOKIES).toEqual([
      'ss_cid',
      'ss_cpvisit',
      'ss_cvisit',
      'ss_cvr',
      'ss_cvt',
    ]);
    expect(limits.VISIT_TIMEOUT_MS).toBe(30 * 60 * 1000);
    expect(limits.ANALYTICS_REQUEST_TIMEOUT_MS).toBe(2500);
    expect(limits.MAX_ERROR_SENDS_PER_PAGE).toBe(20);
    expect(limits.MAX_QUEUED_ERROR_EVENTS).toBe(10);
    expect(limits.MAX_STACK_LENGTH).toBe(5000);
    expect(limits.ERROR_DEBOUNCE_MS).toBe(1000);
    expect(limits.PERFORMANCE_SETTINGS_TIMEOUT_MS).toBe(30_000);
    expect(limits.PERFORMANCE_FLUSH_DELAY_MS).toBe(30_000);
    expect(limits.PERFORMANCE_METRIC_WAIT_MS).toBe(60_000);
    expect(limits.USER_TIMING_PREFIX).toBe('rum-');
  });
});
