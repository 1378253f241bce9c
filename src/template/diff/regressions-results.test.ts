/**
 * Differences the differential harness found in what a formatter hands the next one (its
 * result's type) and in where the item helpers read an item's fields: fixed to what the
 * reference prints, which is the expectation here.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';
import { registerCldrPackLoader } from '../plugins/i18n/index.ts';
import { diffPacks } from './packs.ts';

registerCldrPackLoader((language) => diffPacks[language]);
const engine = createEngine();
const render = (template: string, context: unknown): string =>
  engine.render(template, context, { locale: 'en-US', now: 0 }).output;
const link = (href: string, id: string, count: string): string =>
  `\n  <a href="${href}#comments-${id}" class="sqs-comment-link" data-id="${id}">\n  ${count}\n  Comments\n  </a>\n`;

describe("the item helpers read a field the value lacks from the tag's scope", () => {
  it('comment-link links the section item when the value is not one', () => {
    const context = { a: 'x', item: { publicCommentCount: 0, id: 'i1', fullUrl: '/p' } };
    expect(render('{.section item}{a|comment-link}{.end}', context)).toBe(link('/p', 'i1', 'No'));
    // The value's own member wins, null included.
    expect(render('{.section item}{a|comment-link}{.end}', { ...context, a: { id: null } })).toBe(
      link('/p', '', 'No'),
    );
  });

  it("item-classes reads categories, tags, author and flags from the tag's variable outward", () => {
    expect(
      render('{.section item}{a|item-classes}{.end}', { a: 'x', item: { categories: ['Mugs'] } }),
    ).toBe('hentry category-mugs post-type-');
    expect(render('{item|format|item-classes}', { item: { tags: ['Red'], starred: true } })).toBe(
      'hentry tag-red post-type- featured',
    );
    expect(render('{a|item-classes}', { a: { tags: null }, tags: ['T'] })).toBe(
      'hentry post-type-',
    );
  });
});

describe('formatters hand on the type the reference does', () => {
  it('the price helpers give text', () => {
    expect(render('{a|from-price|json}|{a|normal-price|json}|{a|sale-price|json}', { a: {} })).toBe(
      '"0"|"0"|"0"',
    );
  });

  it('format and truncate give any value as text; safe strips the text of a true value only', () => {
    expect(
      render('{a|format|json}|{b|format|json}|{c|truncate 3|json}', {
        a: false,
        b: null,
        c: 12345,
      }),
    ).toBe('"false"|""|"123..."');
    expect(
      render('{a|safe|json}|{b|safe|json}|{c|safe|json}|{d|safe|json}', {
        a: 1.5,
        b: 0,
        c: [1],
        d: [],
      }),
    ).toBe('"1.5"|0|""|[]');
  });

  it('cycle without choices and lookup of nothing give no value; iter of nothing empty text', () => {
    expect(render('[{a|cycle|json}]|{a|iter|json}|{a|lookup x|json}', { a: 1 })).toBe('[]|""|');
  });

  it('image-srcset passes a value without image widths through unchanged', () => {
    expect(
      render('{a|image-srcset|json}|{b|image-srcset|json}', { a: { assetUrl: 'u' }, b: 5 }),
    ).toBe('{"assetUrl":"u"}|5');
  });

  it('mod, round and datetime read text by its leading number', () => {
    const utc = { website: { timeZone: 'UTC' } };
    expect(render('{a,a|datetime-interval}', { a: '12x34' })).toBe('7:00 PM');
    expect(
      render('{a|mod}|{a|round}|{b|mod}|{c|round}', { a: '12x34', b: 'mug', c: '3.6px' }),
    ).toBe('0|12|NaN|4');
    expect(render('{a|datetime}|{b|datetime}', { ...utc, a: '12x34', b: 'mug' })).toBe(
      'January 1, 1970|',
    );
  });
});

describe('smartypants places quotes as the reference does', () => {
  it('opens a single quote after a dash, bracket or double quote, never after a space', () => {
    const render1 = (a: string): string => render('{a|smartypants}', { a });
    expect(render1(`"'"`)).toBe('\u201c\u2018\u201c');
    expect(render1(`it's '90s -'q' {'v'}`)).toBe(
      'it\u2019s \u201990s -\u2018q\u2019 {\u2019v\u2019}',
    );
    expect(render1(`"a" /"b" {"c" x"d`)).toBe(
      '\u201ca\u201d /\u201cb\u201d {\u201dc\u201d x\u201dd',
    );
    expect(render1(`x\n'y'`)).toBe('x\n\u2018y\u2019');
  });
});

describe('datetime with one of date: and time: and a bare skeleton', () => {
  it('takes the skeleton as the other part, joined as the date width joins them', () => {
    const utc = { d: 0, website: { timeZone: 'UTC' } };
    expect(render('{d|datetime date:full Hm}', utc)).toBe('Thursday, January 1, 1970 at 00:00');
    expect(render('{d|datetime date:medium jm}', utc)).toBe('Jan 1, 1970, 12:00 AM');
    expect(render('{d|datetime time:short yMMMd}', utc)).toBe('Jan 1, 1970, 12:00 AM');
    expect(
      engine.render('{d|datetime date:full Hm}', utc, { locale: 'fr-FR', now: 0 }).output,
    ).toBe('jeudi 1 janvier 1970 à 00:00');
  });
});

describe('odd? and even? with an argument', () => {
  it("test the value of the argument's path, not the current node", () => {
    const t = '{.odd? n}A{.or}B{.end}|{.odd? 3}A{.or}B{.end}|{.even? x}A{.or}B{.end}';
    expect(render(t, { n: 3, x: 'q' })).toBe('A|B|B');
    const inList = '{.repeated section l}{.odd? obj.name}A{.or}B{.end}{.odd?}A{.or}B{.end}{.end}';
    expect(render(inList, { l: [-1, 2], obj: {} })).toBe('BABB');
  });
});

describe('timesince without locale data', () => {
  it('prints "Invalid date." for every value, as the reference', () => {
    const none = (a: unknown): string =>
      engine.render('{a|timesince}', { a }, { locale: 'none', now: 1_700_000_000_000 }).output;
    expect([none(0), none(1_699_999_000_000), none(null)]).toEqual([
      'Invalid date.',
      'Invalid date.',
      'Invalid date.',
    ]);
    expect(render('{a|timesince}', { a: 0 })).toBe(
      '<span class="timesince" data-date="0">less than a minute ago</span>',
    );
  });
});

describe('a section of a variable', () => {
  it('reads the variable from its own frame only; a variable tag and .if search outward', () => {
    const t =
      '{.var @v a}{.section @v}Y{.or}N{.end}|{.section obj}{.section @v}Y{.or}N{.end}|{.if @v}Y{.or}N{.end}|{@v}{.end}';
    expect(render(t, { a: 'x', obj: { q: 1 } })).toBe('Y|N|Y|x');
  });
});
