/**
 * Differences the differential harness found in the image and form helpers: the image's id
 * and `image-color` fixed to what the reference prints, and three deliberate deviations of
 * docs/adr/002 (escaping) whose stand-ins must explain the reference's output.
 */
import { describe, expect, it } from 'vitest';
import { explainedBy } from './testing/explained-by.ts';
import { createEngine } from '../index.ts';

const engine = createEngine();
const render = (template: string, context: unknown): string =>
  engine.render(template, context, { locale: 'en-US', now: 0 }).output;

const IMG_TAIL = (alt: string, id: string): string =>
  `<img class="thumb-image" data-src="" data-image="" data-image-dimensions="" ` +
  `data-image-focal-point="0.5,0.5" alt="${alt}" data-load="false" data-image-id="${id}" data-type="image" />`;

describe('image', () => {
  it('prints a scalar id and no id for an array or object', () => {
    expect(render('{b|image}', { b: { id: 'mug' } })).toContain('data-image-id="mug"');
    expect(render('{b|image}', { b: { id: true } })).toContain('data-image-id="true"');
    // The harness's shrunk case: an id in an array was printed as its element.
    expect(render('{b,a|image}', { a: '', b: { id: ['mug'] } })).toContain('data-image-id=""');
    expect(render('{b|image}', { b: { id: { x: 1 } } })).toContain('data-image-id=""');
  });

  it('escapes the alt text once in both images; the reference escapes the second twice', () => {
    const ours = render('{items.0|image}', { items: [{ title: '&' }] });
    expect(ours).toBe(`<noscript><img src="" alt="&amp;" /></noscript>${IMG_TAIL('&amp;', '')}`);
    const theirs = `<noscript><img src="" alt="&amp;" /></noscript>${IMG_TAIL('&amp;amp;', '')}`;
    expect(explainedBy('{items.0|image}', { items: [{ title: '&' }] }, theirs)).toBe(
      'image-alt-escaped-once',
    );
  });
});

describe('image-color', () => {
  const t = '{a|image-color}';
  const all = (c: Record<string, string>): string =>
    ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center']
      .map((p) => `data-color-${p}="#${c[p] ?? ''}" `)
      .join('');

  it('prints all five positions, # alone for one without a colour, for any colour data', () => {
    expect(render(t, { a: { colorData: {} } })).toBe(all({}));
    expect(render(t, { a: { colorData: null } })).toBe(all({}));
    expect(render(t, { a: { colorData: 0 } })).toBe(all({}));
    const data = { topLeftAverage: 'abc', centerAverage: 5, topRightAverage: [1] };
    expect(render(t, { a: { colorData: data } })).toBe(all({ topLeft: 'abc', center: '5' }));
    expect(render(t, { a: {} })).toBe('');
  });

  it('finds one position with a scalar colour only', () => {
    const one = (c: unknown): string =>
      render('{a|image-color topLeft}', { a: { colorData: { topLeftAverage: c } } });
    expect(one(0)).toBe('#0');
    expect(one(false)).toBe('#false');
    expect(one('')).toBe('"topLeft" not found.');
    expect(one([1])).toBe('"topLeft" not found.');
  });

  it('escapes the colours; the reference writes them as they are', () => {
    const context = { a: { colorData: { topLeftAverage: '<"' } } };
    expect(render(t, context)).toBe(all({ topLeft: '&lt;&quot;' }));
    expect(explainedBy(t, context, all({ topLeft: '<"' }))).toBe('image-color-escaped');
  });
});

describe('summary-form-field-escaped', () => {
  const t = '{obj|summary-form-field}';
  const field = (title: string, value: string): string =>
    `<div style="font-size:11px; margin-top:3px">\n  <span style="font-weight:bold;">${title}:</span> ${value}\n</div>`;

  it('escapes the label and the submitted text; the reference writes them as they are', () => {
    const context = { obj: { rawTitle: '<t>', value: '<b>bold</b> & "q"' } };
    expect(render(t, context)).toBe(field('&lt;t&gt;', '&lt;b&gt;bold&lt;/b&gt; &amp; "q"'));
    expect(explainedBy(t, context, field('<t>', '<b>bold</b> & "q"'))).toBe(
      'summary-form-field-escaped',
    );
  });
});
