import { describe, expect, it } from 'vitest';
import { galleryBlockOf, galleryElementId } from './block.ts';
import { GALLERY_DEFAULTS } from './enums.ts';

const picture = { src: '/a.jpg', srcset: '', large: '/a.jpg', focalPoint: { x: 0.5, y: 0.5 } };
const item = { id: 'a', title: 'A', description: '', alt: 'A', picture };

describe('galleryBlockOf (the island reads the props the server checked)', () => {
  it('takes a block as it is', () => {
    const props = { id: 'g', title: 'Look', options: GALLERY_DEFAULTS, items: [item] };
    expect(galleryBlockOf(props)).toBe(props);
  });

  it('refuses what is not shaped as a block', () => {
    expect(galleryBlockOf(null)).toBeNull();
    expect(galleryBlockOf('g')).toBeNull();
    expect(
      galleryBlockOf({ id: 'g', title: '', options: GALLERY_DEFAULTS, items: 'x' }),
    ).toBeNull();
    expect(galleryBlockOf({ id: 'g', title: '', items: [item] })).toBeNull();
    expect(galleryBlockOf({ id: 1, title: '', options: GALLERY_DEFAULTS, items: [] })).toBeNull();
  });

  it('makes element ids from block ids', () => {
    expect(galleryElementId('Look book!')).toBe('Look-book-');
    expect(galleryElementId('2024')).toBe('gallery-2024');
  });
});
