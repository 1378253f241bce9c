import { describe, expect, it } from 'vitest';
import { censusHitData, recordHitBody } from './census.ts';
import { V2_EVENT_SCHEMAS } from './events-v2.ts';
import { pageSpeedRecordsBody, recordVitals } from './page-speed-record.ts';

describe('census hit', () => {
  it('parses data JSON and drops unknown keys', () => {
    const parsed = recordHitBody.parse({
      event: 'view',
      data: JSON.stringify({ pagePath: '/', extra: 1, screenWidth: 1920 }),
    });
    expect(parsed.data).toEqual({ pagePath: '/', screenWidth: 1920 });
  });
  it('refuses a path with whitespace or over 2083 characters', () => {
    expect(censusHitData.safeParse({ pagePath: '/a b' }).success).toBe(false);
    expect(censusHitData.safeParse({ pagePath: `/${'a'.repeat(2083)}` }).success).toBe(false);
  });
});

describe('Performance schema', () => {
  const fixed = {
    action: 'load',
    actor: 'user',
    owner_team: 'web_performance',
    source: 'web',
    object_type: 'website',
  };
  it('requires its fixed fields exactly', () => {
    expect(V2_EVENT_SCHEMAS.Performance.safeParse(fixed).success).toBe(true);
    for (const key of Object.keys(fixed)) {
      expect(
        V2_EVENT_SCHEMAS.Performance.safeParse({ ...fixed, [key]: 'other' }).success,
        key,
      ).toBe(false);
    }
  });
});

describe('page-speed records', () => {
  it('decode JSON text elements and read the vitals', () => {
    const [record] = pageSpeedRecordsBody.parse([
      JSON.stringify({
        pageLoadId: 'id',
        timings: { largestContentfulPaint: 1, layoutShift: 0.1, responseStart: 3 },
      }),
    ]);
    expect(record && recordVitals(record)).toEqual({
      lcpMs: 1,
      cls: 0.1,
      inpMs: null,
      fcpMs: null,
      ttfbMs: 3,
    });
  });
  it("report 'no payload' and 'empty encoded data'", () => {
    expect(pageSpeedRecordsBody.safeParse([]).error?.issues[0]?.message).toBe('no payload');
    expect(pageSpeedRecordsBody.safeParse(['']).error?.issues[0]?.message).toBe(
      'empty encoded data',
    );
  });
});
