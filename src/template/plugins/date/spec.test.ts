// Spec behaviour of the date formatters (docs/behaviour/money-and-time.md#relative-time) beyond the golden cases.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../index.ts';

const engine = createEngine();
const NOW = 1_600_000_000_000;
const since = (t: unknown): string =>
  engine.render('{t|timesince}', { t }, { now: NOW }).output.replace(/<[^>]+>/g, '');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('timesince', () => {
  it("says 'less than a minute ago' and 'about N units ago'", () => {
    expect(since(NOW - 30_000)).toBe('less than a minute ago');
    expect(since(NOW - 3 * 3_600_000)).toBe('about 3 hours ago');
    expect(since(NOW - 2 * 86_400_000)).toBe('about 2 days ago');
  });

  it("answers a non-number with 'Invalid date.'", () => {
    expect(since('yesterday')).toBe('Invalid date.');
  });
});

describe('date in the site time zone', () => {
  it('defaults to America/New_York', () => {
    expect(engine.render('{t|date %H:%M %Z}', { t: 0 }).output).toBe('19:00 EST');
  });

  it('renders in UTC with a warning for an unknown zone', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const out = engine.render('{t|date %Y-%m-%d %H}', {
      t: 0,
      website: { timeZone: 'Nowhere/Atlantis' },
    }).output;
    expect(out).toBe('1970-01-01 00');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Nowhere/Atlantis'));
  });
});
