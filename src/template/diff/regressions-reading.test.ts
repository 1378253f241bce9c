/**
 * Differences the differential harness found in how formatters and predicates read their
 * values (numbers in text, flags, ancient dates, fields from the scope): fixed to what the
 * reference prints, which is the expectation here.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';

const engine = createEngine();
const render = (template: string, context: unknown): string =>
  engine.render(template, context, { locale: 'en-US', now: 0 }).output;
const since = (n: unknown): string => {
  const m = /data-date="([^"]*)">([^<]*)</.exec(render('{n|timesince}', { n }));
  return m ? `${m[1]} ${m[2]}` : render('{n|timesince}', { n });
};

describe('a number in text', () => {
  it('reads as a decimal, exponent included, when the text holds a point', () => {
    expect(render('{n|round}|{n|mod 7}|{n|cycle a b c}', { n: '1.5e3' })).toBe('1500|2|c');
    expect(since('.5e3')).toBe('500 less than a minute ago');
    expect(render('{.lessThan? n m}L{.or}G{.end}', { n: 1000, m: '1.5e3' })).toBe('L');
    expect(render('{n|round}', { n: '1e3 x.' })).toBe('1000');
  });

  it('reads by its leading decimal integer otherwise', () => {
    expect(render('{n|round}|{m|round}|{o|round}', { n: '1e3', m: '0x10', o: '12abc' })).toBe(
      '1|0|12',
    );
  });

  it('past the largest number is no time: the epoch to datetime, nothing to date', () => {
    const t = '{n|round}|{n|humanizeDuration}|{n|date %Y}|{n|datetime yMd}|{n|timesince}';
    expect(render(t, { n: '1.5e400' })).toBe('Infinity|0:00||12/31/1969|Invalid date.');
  });
});

describe('timesince', () => {
  it('tells a date before Julian day 0 (4714 BC) from there, as the reference does', () => {
    expect(since(-210_866_760_000_000)).toBe('-210866760000000 about 6686 years ago');
    expect(since(-220_000_000_000_000)).toBe('-220000000000000 about 6686 years ago');
    expect(since(-365 * 4000 * 86_400_000)).toBe('-126144000000000 about 4000 years ago');
  });
});

describe('calendar-view?', () => {
  it('reads calendarView from the scope, as a flag', () => {
    const t = '{.section a}{.calendar-view?}Y{.or}N{.end}{.end}';
    expect(render(t, { a: { b: 1 }, calendarView: true })).toBe('Y');
    expect(render(t, { a: { calendarView: false }, calendarView: true })).toBe('N');
    const flag = (calendarView: unknown) =>
      render('{.calendar-view?}Y{.or}N{.end}', { calendarView });
    expect([true, 1, 2, 'true', 0.5, '1', 'yes', [1], {}].map(flag).join('')).toBe('YYYYNNNNN');
  });
});

describe('item-classes', () => {
  it("reads the item's fields from the scope, where the tag's value is current", () => {
    const items = [{ id: 'i', author: { displayName: 'a' }, tags: ['t'], recordTypeLabel: 'blog' }];
    expect(render('{items.0|item-classes}', { items })).toBe(
      'hentry tag-t author-a post-type-blog',
    );
    // After find-first the tag's value is the list: the item handed on is not read.
    expect(render('{items|find-first id|item-classes}', { items, tags: ['root'] })).toBe(
      'hentry tag-root post-type-',
    );
  });
});
