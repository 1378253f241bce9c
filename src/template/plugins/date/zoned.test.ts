import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../index.ts';
import { sameDay, usableZone, zonedParts } from './zoned.ts';

afterEach(() => vi.restoreAllMocks());

describe('time zones through Intl', () => {
  it('reads wall-clock parts and the offset in a zone', () => {
    const t = Date.UTC(2021, 1, 18, 12, 0, 0);
    expect(zonedParts(t, 'Asia/Tokyo')).toMatchObject({
      year: 2021,
      month: 2,
      day: 18,
      hour: 21,
      offset: 540,
    });
    expect(zonedParts(t, 'America/New_York')).toMatchObject({ hour: 7, offset: -300, weekday: 4 });
    expect(sameDay(t, t + 3_600_000, 'America/New_York')).toBe(true);
  });

  it('falls back to the host zone with one warning for an unknown zone', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const host = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(usableZone('Mars/Olympus_Mons')).toBe(host);
    expect(usableZone('Mars/Olympus_Mons')).toBe(host);
    expect(warn).toHaveBeenCalledTimes(1);
    const r = createEngine().render('{t|date %Y}', {
      t: 0,
      website: { timeZone: 'Mars/Olympus_Mons' },
    });
    expect(r.output).toMatch(/^19(69|70)$/);
  });
});
