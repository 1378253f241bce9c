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

  it('renders an unknown zone in UTC, whatever the host zone, with one warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(usableZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(usableZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(zonedParts(0, 'Mars/Olympus_Mons')).toMatchObject({ year: 1970, hour: 0, offset: 0 });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('rendering in UTC'));
    const r = createEngine().render('{t|date %Y-%m-%d %H:%M}', {
      t: 0,
      website: { timeZone: 'Mars/Olympus_Mons' },
    });
    expect(r.output).toBe('1970-01-01 00:00');
  });
});
