// The spec's strings and constants for template plugins (docs/behaviour/templates.md#formatter-defaults), asserted
// through the engine.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';

const engine = createEngine();
const out = (t: string, ctx: unknown = {}, opts = {}) => engine.render(t, ctx, opts).output;

describe('spec strings and constants', () => {
  it('default sold-out and sale marks', () => {
    const soldOut = { structuredContent: { productType: 1, variants: [{ qtyInStock: 0 }] } };
    const onSale = {
      structuredContent: { productType: 1, variants: [{ qtyInStock: 2, onSale: true }] },
    };
    expect(out('{@|product-status}', soldOut)).toBe(
      '<div class="product-mark sold-out">sold out</div>',
    );
    expect(out('{@|product-status}', onSale)).toBe('<div class="product-mark sale">sale</div>');
  });

  it("cart-subtotal prints 'deprecated, do not use'", () => {
    expect(out('{@|cart-subtotal}')).toBe('deprecated, do not use');
  });

  it('comment counts', () => {
    expect(out('{@|comment-count}', { publicCommentCount: 0 })).toBe('No Comments');
    expect(out('{@|comment-count}', { publicCommentCount: 1 })).toBe('1 Comment');
    expect(out('{@|comment-count}', { publicCommentCount: 7 })).toBe('7 Comments');
  });

  it("image size helpers reject sources without 'originalSize'", () => {
    expect(out('{s|resizedHeightForWidth 50}', { s: 'nope' })).toBe(
      "Invalid source parameter. Pass in 'originalSize'",
    );
    expect(out('{s|resizedWidthForHeight 50}', { s: '800x400' })).toBe('100');
  });

  it('width buckets 100w…1500w, the next one when a size exceeds a bucket', () => {
    const t =
      '{s|squarespaceThumbnailForWidth 100} {s|squarespaceThumbnailForWidth 101} {s|squarespaceThumbnailForWidth 1400} {s|squarespaceThumbnailForWidth 4000}';
    expect(out(t, { s: '10x10' })).toBe('100w 300w 1500w 1500w');
  });

  it('colour weight: light above 8388607.5', () => {
    expect(out('{a|color-weight} {b|color-weight}', { a: '#800000', b: '#7fffff' })).toBe(
      'light dark',
    );
  });

  it('truncate defaults to 100 characters and ...', () => {
    const long = 'word '.repeat(30);
    expect(out('{s|truncate}', { s: long })).toBe(`${'word '.repeat(20)}...`);
  });

  it('title-or-body alt text is cut at 1000 characters; focal point defaults to 0.5,0.5', () => {
    const meta = out('{@|image-meta}', { assetUrl: '/a.jpg', body: 'x'.repeat(1200) });
    expect(meta).toContain(`alt="${'x'.repeat(1000)}"`);
    expect(meta).toContain('data-image-focal-point="0.5,0.5"');
  });

  it("time since: 'about N units ago', 'less than a minute ago', 'Invalid date.'", () => {
    const now = Date.UTC(2024, 0, 10);
    expect(out('{t|timesince}', { t: now - 3 * 3_600_000 }, { now })).toContain(
      'about 3 hours ago',
    );
    expect(out('{t|timesince}', { t: now - 10_000 }, { now })).toContain('less than a minute ago');
    expect(out('{t|timesince}', { t: 'soon' }, { now })).toBe('Invalid date.');
    expect(out('{t|relative-time}', { t: 'soon' }, { now })).toBe('Invalid date.');
  });

  it('dates default to America/New_York, else website.timeZone', () => {
    const t = Date.UTC(2021, 1, 18, 12, 0, 0);
    expect(out('{t|date %H:%M %Z}', { t })).toBe('07:00 EST');
    expect(out('{t|date %H:%M}', { t, website: { timeZone: 'Asia/Tokyo' } })).toBe('21:00');
    expect(out('{t|date %H:%M}', { t }, { timeZone: 'UTC' })).toBe('12:00');
  });

  it('google calendar links use compact UTC', () => {
    const e = {
      title: 'Launch',
      startDate: Date.UTC(2013, 10, 15, 12, 30, 30),
      endDate: Date.UTC(2013, 10, 15, 13, 0, 0),
    };
    expect(out('{@|google-calendar-url}', e)).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=Launch&dates=20131115T123030Z/20131115T130000Z',
    );
  });

  it('number digits are clamped to 0–50', () => {
    expect(out('{n|decimal maxfrac:99}', { n: '1.5' })).toBe('1.5');
    expect(out('{n|decimal maxfrac:-3}', { n: '1.5' })).toBe('2');
  });

  it('money helpers fail clearly on something that is not money, and the engine collects it', () => {
    const r = engine.render('{m|i18n-money-format}', { m: { foo: 'bar' } });
    expect(r.output).toBe('');
    expect(r.errors[0]?.code).toBe('FORMATTER_FAILED');
    expect(r.errors[0]?.message).toContain('Expected a money value');
  });
});
