import { describe, expect, it } from 'vitest';
import { galleryPicture } from './images.ts';

const URL = '/images/0123456789abcdef/linen.jpg';

describe('galleryPicture', () => {
  it('lists the width buckets the original offers, then the original for the widest screens', () => {
    const picture = galleryPicture({
      assetUrl: URL,
      originalSize: '1600x2000',
      systemDataVariants: '1600x2000,100w,300w,500w,750w,1000w,1500w',
      mediaFocalPoint: { x: 0.3, y: 0.7 },
    });
    expect(picture).toEqual({
      src: `${URL}?format=750w`,
      srcset: [100, 300, 500, 750, 1000, 1500]
        .map((w) => `${URL}?format=${w}w ${w}w`)
        .concat(`${URL}?format=original 2500w`)
        .join(', '),
      large: `${URL}?format=1500w`,
      width: 1600,
      height: 2000,
      focalPoint: { x: 0.3, y: 0.7 },
    });
  });

  it('uses the widest bucket of a small original, and the centre without a focal point', () => {
    const picture = galleryPicture({
      assetUrl: URL,
      originalSize: '280x200',
      systemDataVariants: '280x200,100w,300w',
    });
    expect(picture.src).toBe(`${URL}?format=300w`);
    expect(picture.large).toBe(`${URL}?format=300w`);
    expect(picture.focalPoint).toEqual({ x: 0.5, y: 0.5 });
  });

  it('passes a web address through as written, with no srcset and no size', () => {
    expect(
      galleryPicture({ assetUrl: 'https://cdn.example/a.jpg', mediaFocalPoint: { x: 2, y: -1 } }),
    ).toEqual({
      src: 'https://cdn.example/a.jpg',
      srcset: '',
      large: 'https://cdn.example/a.jpg',
      focalPoint: { x: 0.5, y: 0.5 },
    });
  });
});
