/**
 * Differences the differential harness found in predicates: where they look a value up
 * and how they read it. Fixed to what the reference decides, which is the expectation here.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';

const engine = createEngine();
const render = (template: string, context: unknown): string =>
  engine.render(template, context, { locale: 'en-US', now: 0 }).output;
const yes = (predicate: string, context: unknown, section = 'o'): boolean =>
  render(`{.section ${section}}{.${predicate}}Y{.or}N{.end}{.end}`, context) === 'Y';

describe('predicates that look their value up as a variable is', () => {
  it('calendar-view? finds calendarView in the scopes around the node', () => {
    // The harness's shrunk case: a partial applied to text inside the collection.
    expect(
      engine.render(
        '{.section collection}{a|apply p2}{.end}',
        { a: 'x', collection: { calendarView: true } },
        { partials: { p2: '{.calendar-view?}{}{.end}' } },
      ).output,
    ).toBe('{}');
    expect(yes('calendar-view?', { o: { x: 1 }, calendarView: true })).toBe(true);
    expect(yes('calendar-view?', { o: { calendarView: false }, calendarView: true })).toBe(false);
  });

  it('the gallery predicates find options in the scopes around the node', () => {
    expect(yes('gallery-controls?', { o: { x: 1 }, options: { controls: true } })).toBe(true);
    expect(yes('gallery-controls?', { o: { options: {} }, options: { controls: true } })).toBe(
      false,
    );
    expect(yes('gallery-design-grid?', { o: 5, options: { design: 'grid' } })).toBe(true);
  });

  it('reads a flag as true, the text true or a whole number but 0', () => {
    const flag = (v: unknown): boolean => yes('calendar-view?', { o: { calendarView: v } });
    expect([true, 'true', 1, -1, 2].map(flag)).toEqual([true, true, true, true, true]);
    expect([false, 0, 0.5, 1.5, 'TRUE', '1', [1]].map(flag)).toEqual(Array(7).fill(false));
    // A number counts by how it is written: 2^53 is a whole number, 1e21 prints with an exponent.
    expect([2 ** 53, 1e21].map(flag)).toEqual([true, false]);
    // Comparing with a boolean reads the other side the same way.
    const above = (b: unknown) => render('{.greaterThan? a b}G{.or}L{.end}', { a: true, b });
    expect([1.5, 2, 'true', 1e21].map(above)).toEqual(['G', 'L', 'L', 'G']);
    // gallery-meta? reads controls and indicators by their truth.
    expect(yes('gallery-meta?', { o: { options: { indicators: 'x' } } })).toBe(true);
    expect(yes('gallery-meta?', { o: { options: { controls: {} } } })).toBe(false);
  });
});

describe('record-type predicates', () => {
  it('answer for a promoted block of the same name: gallery, image, link, quote, video', () => {
    for (const block of ['gallery', 'image', 'link', 'quote', 'video'])
      expect(yes(`${block}?`, { o: { promotedBlockType: block } }), block).toBe(true);
    for (const block of ['audio', 'text'])
      expect(yes(`${block}?`, { o: { promotedBlockType: block } }), block).toBe(false);
    // The harness's shrunk case: an `.or` branch testing one.
    expect(render('{.has-variants?}{.or quote?}a{b{.end}', { promotedBlockType: 'quote' })).toBe(
      'a{b',
    );
  });
});

describe('equal? compares objects member by member', () => {
  it('a NaN member is unequal even to itself', () => {
    const o = { x: NaN };
    expect(render('{.equal? o o}T{.or}F{.end}', { o })).toBe('F');
    expect(render('{.equal? @}T{.or}F{.end}', { a: 1, o })).toBe('F');
    expect(render('{.equal? @}T{.or}F{.end}', { a: 1 })).toBe('T');
    expect(render('{.equal? o p}T{.or}F{.end}', { o: { x: [1] }, p: { x: [1] } })).toBe('T');
  });
});

describe('record-type predicates read the type as the reference does', () => {
  const yes = (predicate: string, context: unknown): boolean =>
    render(`{.${predicate}}Y{.or}N{.end}`, context) === 'Y';

  it('reads text by its leading number; no other value is a type', () => {
    for (const t of [8, '8', ' 08', '8x', '8.0'])
      expect(yes('video?', { recordType: t })).toBe(true);
    for (const t of ['0x8', [8], true, 9]) expect(yes('video?', { recordType: t })).toBe(false);
    expect(yes('text?', { recordType: '1' })).toBe(true);
  });

  it('external-video? is a video item or a promoted video block', () => {
    expect(yes('external-video?', { recordType: 8 })).toBe(true);
    expect(yes('external-video?', { promotedBlockType: 'video' })).toBe(true);
    expect(yes('external-video?', { recordType: 1, promotedBlockType: 'Video' })).toBe(false);
    // The harness's shrunk case: the `.or` branch tests a video item.
    const t =
      '{.repeated section items}{.alternates with}{.has-variants?}{.or external-video?}' +
      '{.meta-left}{.end}{.end}{.var @v a}';
    expect(render(t, { a: '', items: [{ recordType: 8 }] })).toBe('{');
  });
});
