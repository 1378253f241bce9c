/**
 * Differences the differential harness found when a formatter gets a value of another type
 * than it formats (a string where an item is expected, an array where text is): fixed to
 * what the reference prints, which is the expectation here.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';

const engine = createEngine();
const render = (template: string, context: unknown): string =>
  engine.render(template, context, { locale: 'en-US', now: 0 }).output;

describe('formatters given a value that is not what they format', () => {
  it('item formatters read any value as an empty item', () => {
    expect(render('{a|item-classes}', { a: 'mug' })).toBe('hentry post-type-');
    expect(render('{a|item-classes}', { a: {} })).toBe('hentry post-type-');
    expect(render('{.repeated section l}{a|item-classes}{.end}', { l: [1], a: 0 })).toBe(
      'hentry post-type- article-index-1',
    );
    expect(render('{a|website-color}', { a: 'red' })).toBe('Missing an H/S/L value.');
    expect(render('{a|summary-form-field}', {})).toBe(
      '<div style="font-size:11px; margin-top:3px">\n  <span style="font-weight:bold;">:</span> N/A\n</div>',
    );
    expect(render('{a|google-calendar-url}', { a: 5 })).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=&dates=19700101T000000Z/19700101T000000Z',
    );
  });

  it('comment-link prints no number without a count, "No" for zero, inside blank lines', () => {
    const link = (count: string, word: string): string =>
      `\n  <a href="#comments-" class="sqs-comment-link" data-id="">\n  ${count}\n  ${word}\n  </a>\n`;
    expect(render('[{a|comment-link}]', { a: 'x' })).toBe(`[${link('', 'Comments')}]`);
    expect(render('[{a|comment-link}]', { a: { publicCommentCount: 0 } })).toBe(
      `[${link('No', 'Comments')}]`,
    );
  });

  it('image helpers: a missing image has no data attributes, any other value empty ones', () => {
    const meta =
      'data-src="" data-image="" data-image-dimensions="" data-image-focal-point="0.5,0.5" alt=""';
    expect(render('{a|image-meta}', { a: 5 })).toBe(`${meta} `);
    expect(render('{a|image-meta}', {})).toBe('');
    expect(render('{a|image}', {})).toBe(
      '<noscript><img src="" alt="" /></noscript><img class="thumb-image" data-load="false" data-image-id="" data-type="image" />',
    );
    expect(render('{a|image}', { a: 'x' })).toBe(
      `<noscript><img src="" alt="" /></noscript><img class="thumb-image" ${meta} data-load="false" data-image-id="" data-type="image" />`,
    );
    expect(render('{a|image-srcset}', { a: 'a,b' })).toBe('a,b');
  });

  it('numeric formatters read missing, null, arrays and objects as 0; text stays NaN', () => {
    expect(render('{a|round}|{b|round}|{c|mod 3}|{d|round}', { b: null, c: [], d: 'x' })).toBe(
      '0|0|0|NaN',
    );
    expect(render('{missing|cycle A B}', {})).toBe('B');
    const utc = { website: { timeZone: 'UTC' } };
    expect(render('{a|date %Y}|{a|datetime}', { ...utc, a: [] })).toBe('1970|January 1, 1970');
    expect(render('{a|timesince}', { a: {} })).toBe(
      '<span class="timesince" data-date="0">less than a minute ago</span>',
    );
    expect(render('{a|percentage-format}', { a: true })).toBe('0.00');
  });

  it('text formatters print nothing for an array; message and plural print a number', () => {
    const t = '{a|capitalize}|{a|slugify}|{a|safe}|{a|truncate 3}|{a|encode-uri}|{a|format}';
    expect(render(t, { a: ['x', 'y'] })).toBe('|||||');
    expect(render('{a}', { a: ['x', 'y'] })).toBe('x,y');
    expect(render('{a|message}|{b|plural}', { a: 5, b: true })).toBe('5|true');
  });

  it('price blocks open with three blank lines, as the reference lays them out', () => {
    expect(render('[{a|subscription-price}]', { a: {} })).toBe(
      '[\n\n\n<div class="subscription-price">\n\n</div>]',
    );
  });
});

describe('get reads an array argument as a path of keys, as the reference does', () => {
  it('walks each element in turn; an empty array leaves the input as it is', () => {
    expect(render('{list|get b|json}', { b: [0, 1], list: [[1, 2]] })).toBe('2');
    expect(render('{list|get b c|json}', { b: [0], c: 1, list: [[1, 2]] })).toBe('2');
    expect(render('{obj|get b|json}', { b: ['k', 'j'], obj: { k: { j: 3 } } })).toBe('3');
    // `@` is the input itself: its elements are the keys.
    expect(render('{list|get @|json}', { list: [0] })).toBe('0');
    expect(render('{list|get @|json}', { list: [] })).toBe('[]');
  });

  it('writes each element as String() does; an object finds nothing', () => {
    expect(render('{obj|get b|json}', { b: [null], obj: { null: 3 } })).toBe('3');
    expect(render('{obj|get b|json}', { b: [['a', 'b']], obj: { 'a,b': 3 } })).toBe('3');
    expect(render('{obj|get b|json}', { b: [{}], obj: { k: 1 } })).toBe('');
  });

  it('hands image-meta the empty list (the harness case)', () => {
    expect(render('{list,a|get @|image-meta}', { a: 'x', list: [] })).toBe(
      'data-src="" data-image="" data-image-dimensions="" data-image-focal-point="0.5,0.5" alt="" ',
    );
  });
});
