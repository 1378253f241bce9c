import { describe, expect, it } from 'vitest';
import demo from '../../../../demo/site.json' with { type: 'json' };
import { parseSiteFile } from '../../../shared/site-file/index.ts';
import { definedOnly, siteFileToRows, stripTags } from './rows.ts';

function demoRows() {
  const result = parseSiteFile(demo);
  if (!result.success) throw new Error(result.errors.join('\n'));
  return siteFileToRows(result.data);
}

describe('siteFileToRows', () => {
  it("keeps a product image's colorData, and refuses colours that are not six hex digits", () => {
    const file = structuredClone(demo) as unknown as {
      products: { images: Record<string, unknown>[] }[];
    };
    const image = file.products[0]?.images[0];
    if (!image) throw new Error('the demo has no product image');
    image.colorData = { topLeftAverage: 'a1b2c3' };
    const result = parseSiteFile(file);
    if (!result.success) throw new Error(result.errors.join('\n'));
    expect(siteFileToRows(result.data).products[0]?.images?.[0]?.colorData).toEqual({
      topLeftAverage: 'a1b2c3',
    });
    image.colorData = { topLeftAverage: '#a1b2c3' };
    expect(parseSiteFile(file).success).toBe(false);
  });

  it("applies a gallery block's design preset to the switches the file leaves out", () => {
    const file = structuredClone(demo) as unknown as { pages: { blocks: unknown[] }[] };
    const page = file.pages[0];
    if (!page) throw new Error('the demo has no page');
    page.blocks = [
      { type: 'gallery', options: { design: 'slideshow' }, items: [] },
      { type: 'gallery', options: { design: 'slideshow', thumbnails: false }, items: [] },
      { type: 'text', options: { design: 'slideshow' } },
    ];
    const result = parseSiteFile(file);
    if (!result.success) throw new Error(result.errors.join('\n'));
    const blocks = siteFileToRows(result.data).pages[0]?.blocks;
    expect(blocks?.map((block) => block.options)).toEqual([
      { design: 'slideshow', thumbnails: true },
      { design: 'slideshow', thumbnails: false },
      { design: 'slideshow' },
    ]);
  });

  it('puts currency, time zone and language into the site settings', () => {
    expect(demoRows().site).toEqual({
      id: 'vitrine-demo',
      title: 'Vitrine Demo Store',
      // The demo's other settings (reviews, captcha, mailing lists, …) are kept beside these.
      settings: expect.objectContaining({
        currency: 'USD',
        timeZone: 'America/New_York',
        language: 'en-US',
      }),
    });
  });

  it('numbers positions in file order, variants within their product', () => {
    const rows = demoRows();
    expect(rows.products.map((p) => p.position)).toEqual(rows.products.map((_, index) => index));
    expect(rows.products.slice(0, 2).map((p) => [p.id, p.position])).toEqual([
      ['linen-shirt', 0],
      ['field-notebook', 1],
    ]);
    expect(
      rows.variants.filter((v) => v.productId === 'linen-shirt').map((v) => v.position),
    ).toEqual([0, 1, 2, 3, 4, 5]);
    // Every product's variants are numbered from 0 in file order.
    const next = new Map<string, number>();
    for (const variant of rows.variants) {
      const position = variant.position ?? -1;
      expect(position).toBe(next.get(variant.productId) ?? 0);
      next.set(variant.productId, position + 1);
    }
  });

  it('writes absent optional fields as NULL and keeps form settings free of undefined', () => {
    const rows = demoRows();
    expect(rows.products[0]).toMatchObject({
      status: 'published',
      subscriptionPlan: null,
      additionalFieldsFormId: null,
      customAddButtonText: null,
    });
    expect(rows.forms[0]?.settings).toEqual({
      submissionMessage: 'Thank you. We will be in touch within two working days.',
      captchaEnabled: false,
      disclaimerMessage:
        'We use your details only to answer this message. Read how we handle them in our [privacy notice](/contact).',
    });
    expect(Object.values(rows.forms[0]?.settings ?? {})).not.toContain(undefined);
    expect(rows.reviews[0]?.reviewDate).toEqual(new Date('2026-06-14T16:20:00Z'));
  });
});

describe('stripTags', () => {
  it('removes markup from review text', () => {
    expect(stripTags('Great <b>shirt</b><script>alert(1)</script>!')).toBe('Great shirtalert(1)!');
    expect(stripTags('5 < 6 and 7 > 3')).toBe('5 < 6 and 7 > 3');
  });
});

describe('definedOnly', () => {
  it('drops undefined properties and keeps falsy ones', () => {
    expect(definedOnly({ a: undefined, b: 0, c: false, d: '' })).toEqual({ b: 0, c: false, d: '' });
  });
});
