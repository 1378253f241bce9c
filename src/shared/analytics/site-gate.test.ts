import { describe, expect, it } from 'vitest';
import { siteRecordsAnalytics } from './site-gate.ts';

describe('site analytics gate', () => {
  it('records only with visitor metrics on and census not disabled', () => {
    expect(siteRecordsAnalytics({ featureFlags: { visitorMetrics: true } })).toBe(true);
    expect(
      siteRecordsAnalytics({ featureFlags: { visitorMetrics: true, censusDisabled: true } }),
    ).toBe(false);
    expect(siteRecordsAnalytics({ featureFlags: { visitorMetrics: false } })).toBe(false);
    expect(siteRecordsAnalytics({ featureFlags: {} })).toBe(false);
    expect(siteRecordsAnalytics({})).toBe(false);
    expect(siteRecordsAnalytics(undefined)).toBe(false);
  });
});
