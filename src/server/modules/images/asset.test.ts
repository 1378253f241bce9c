import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../template/index.ts';
import { imageMeta, imageSrcset } from '../../../template/plugins/content/image.ts';
import { imageAsset, imageSrc, imageUrl } from './asset.ts';

const stored = {
  id: 'linen-shirt-sand',
  url: 'images/linen-shirt-sand.jpg',
  altText: 'Linen shirt in sand',
  original: { version: '0123456789abcdef', format: 'jpeg' as const, width: 1600, height: 2000 },
};

describe('imageAsset', () => {
  it('points a stored original at the image route with its size and buckets', () => {
    expect(imageAsset(stored)).toEqual({
      id: 'linen-shirt-sand',
      assetUrl: '/images/0123456789abcdef/linen-shirt-sand.jpg',
      altText: 'Linen shirt in sand',
      mediaFocalPoint: { x: 0.5, y: 0.5 },
      originalSize: '1600x2000',
      systemDataVariants: '1600x2000,100w,300w,500w,750w,1000w,1500w',
    });
  });

  it("gives the engine's image-srcset real rendition URLs", () => {
    const srcset = imageSrcset(imageAsset(stored));
    const base = '/images/0123456789abcdef/linen-shirt-sand.jpg';
    expect(srcset).toBe(
      ` srcset="${[100, 300, 500, 750, 1000, 1500].map((w) => `${base}?format=${w}w ${w}w`).join(',')},${base}?format=original 2500w"`,
    );
  });

  it('lists only the buckets a narrow original offers', () => {
    const narrow = { ...stored, original: { ...stored.original, width: 640, height: 480 } };
    expect(imageAsset(narrow).systemDataVariants).toBe('640x480,100w,300w,500w,750w');
  });

  it("carries the site file's colorData to the engine's image-color", () => {
    const colorData = { topLeftAverage: 'a1b2c3', suggestedBgColor: 'ffffff' };
    const asset = imageAsset({ ...stored, colorData });
    expect(asset.colorData).toEqual(colorData);
    expect(createEngine().render('{a|image-color topLeft}', { a: asset }).output).toBe('#a1b2c3');
    expect(imageAsset(stored)).not.toHaveProperty('colorData');
  });

  it('carries the focal point into image-meta', () => {
    const asset = imageAsset({ ...stored, focalPoint: { x: 0.3, y: 0.7 } });
    expect(asset.mediaFocalPoint).toEqual({ x: 0.3, y: 0.7 });
    expect(imageMeta(asset)).toContain('data-image-focal-point="0.3,0.7"');
    expect(imageMeta(asset)).toContain('data-image-dimensions="1600x2000"');
    expect(imageMeta(imageAsset(stored))).toContain('data-image-focal-point="0.5,0.5"');
  });

  it('passes web addresses and site paths through: no size, no renditions', () => {
    for (const url of ['https://cdn.example.com/a.jpg', '/theme/hero.jpg']) {
      const asset = imageAsset({ id: 'remote', url });
      expect(asset).toEqual({ id: 'remote', assetUrl: url, mediaFocalPoint: { x: 0.5, y: 0.5 } });
      expect(imageSrcset(asset)).toBe('');
    }
  });

  it('builds the URL from the version and the original extension', () => {
    expect(imageUrl('hero', { version: 'ffffffffffffffff', format: 'png' })).toBe(
      '/images/ffffffffffffffff/hero.png',
    );
  });
});

describe('product images in a template', () => {
  it('render srcset and image tags that point at the image route', () => {
    const engine = createEngine();
    const context = { item: { items: [imageAsset(stored)] } };
    const { output, errors } = engine.render(
      '{.section item}{.repeated section items}<img {@|image-srcset} {@|image-meta}>{.end}{.end}',
      context,
    );
    expect(errors).toEqual([]);
    const base = '/images/0123456789abcdef/linen-shirt-sand.jpg';
    expect(output).toContain(`srcset="${base}?format=100w 100w,${base}?format=300w 300w,`);
    expect(output).toContain(`${base}?format=1500w 1500w,${base}?format=original 2500w"`);
    expect(output).toContain(`data-src="${base}"`);
    expect(output).toContain('alt="Linen shirt in sand"');
  });
});

describe('imageSrc', () => {
  it('names one rendition of a stored original, and any other url as written', () => {
    expect(imageSrc(stored)).toBe('/images/0123456789abcdef/linen-shirt-sand.jpg?format=300w');
    expect(imageSrc(stored, 100)).toBe('/images/0123456789abcdef/linen-shirt-sand.jpg?format=100w');
    expect(imageSrc({ id: 'x', url: 'https://cdn.example.com/x.jpg' })).toBe(
      'https://cdn.example.com/x.jpg',
    );
  });
});
