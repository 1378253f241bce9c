import { describe, expect, it } from 'vitest';
import { readGalleryBlock } from './block-schema.ts';
import { GALLERY_DEFAULTS } from './enums.ts';

const picture = { src: '/a.jpg', srcset: '', large: '/a.jpg', focalPoint: { x: 0.5, y: 0.5 } };
const item = { id: 'a', title: 'A', description: '', alt: 'A', picture };

describe('readGalleryBlock (the server checks the props it builds for the island)', () => {
  it('completes the options leniently and drops what does not apply', () => {
    const block = readGalleryBlock({
      id: 'g',
      title: '',
      options: { design: 'slideshow', padding: 99, lightboxTheme: 'light', autoplay: 'yes' },
      items: [item],
    });
    expect(block?.options).toEqual({ ...GALLERY_DEFAULTS, design: 'slideshow', padding: 50 });
    expect(block?.items).toEqual([item]);
  });

  it('refuses props that are not a gallery block', () => {
    expect(readGalleryBlock(null)).toBeNull();
    expect(readGalleryBlock({ id: '1 bad', title: '', items: [] })).toBeNull();
    expect(readGalleryBlock({ id: 'g', title: '', items: [{ ...item, picture: {} }] })).toBeNull();
  });
});
