// Spec constants of the content formatters (docs/behaviour/templates.md#formatter-defaults) beyond the golden cases.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../index.ts';

const engine = createEngine();
const render = (template: string, context: unknown): string =>
  engine.render(template, context).output;

describe('content formatters (docs/behaviour/templates.md#formatter-defaults)', () => {
  it("answers a size that is not 'WxH' with the spec's message", () => {
    const message = "Invalid source parameter. Pass in 'originalSize'";
    for (const f of ['resizedHeightForWidth 50', 'resizedWidthForHeight 50', 'width', 'height'])
      expect(render(`{s|${f}}`, { s: 'abc' }), f).toBe(message);
  });

  it('chooses the next width bucket when a size exceeds one (100w…1500w)', () => {
    const bucket = (w: number): string =>
      render(`{s|squarespaceThumbnailForWidth ${w}}`, { s: '2000x1000' });
    expect(bucket(100)).toBe('100w');
    expect(bucket(101)).toBe('300w');
    expect(bucket(750)).toBe('750w');
    expect(bucket(1001)).toBe('1500w');
    expect(bucket(1600)).toBe('1500w');
  });

  it('counts a colour weight above 8388607.5 as light', () => {
    expect(render('{c|color-weight}', { c: '#7fffff' })).toBe('dark');
    expect(render('{c|color-weight}', { c: '#800000' })).toBe('light');
  });

  it('uses the default focal point 0.5,0.5 and cuts the alt fallback at 1000 characters', () => {
    expect(render('{@|image-meta}', { assetUrl: '/a.jpg', originalSize: '10x10' })).toContain(
      'data-image-focal-point="0.5,0.5"',
    );
    const alt = /alt="([^"]*)"/.exec(render('{@|image-meta}', { body: 'x'.repeat(1200) }))?.[1];
    expect(alt?.length).toBe(1000);
  });
});

describe('folder behaviour', () => {
  it('makes a folder clickable for index (1) and redirect (2), not for none (3)', () => {
    const clickable = (folderBehavior?: number): string =>
      render('{.clickable?}yes{.or}no{.end}', { folderBehavior });
    expect(clickable(1)).toBe('yes');
    expect(clickable(2)).toBe('yes');
    expect(clickable(3)).toBe('no');
    expect(clickable()).toBe('yes');
    expect(render('{.redirect?}r{.or}-{.end}', { folderBehavior: 3 })).toBe('-');
  });
});
