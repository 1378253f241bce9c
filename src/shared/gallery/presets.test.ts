import { describe, expect, it } from 'vitest';
import { GALLERY_DEFAULTS, type GalleryOptions } from './enums.ts';
import { withDesign } from './presets.ts';

const start: GalleryOptions = { ...GALLERY_DEFAULTS, autoplay: true, thumbnails: true, padding: 7 };

describe('design presets (platform.md §3)', () => {
  it('slideshow turns thumbnails on', () => {
    expect(withDesign({ ...start, thumbnails: false }, 'slideshow')).toEqual({
      ...start,
      design: 'slideshow',
      thumbnails: true,
    });
  });

  it('slider turns thumbnails off and keeps autoplay', () => {
    expect(withDesign(start, 'slider')).toEqual({ ...start, design: 'slider', thumbnails: false });
  });

  it.each(['grid', 'stacked'] as const)('%s turns thumbnails and autoplay off', (design) => {
    expect(withDesign(start, design)).toEqual({
      ...start,
      design,
      thumbnails: false,
      autoplay: false,
    });
  });

  it('leaves the options it was given alone', () => {
    const before = { ...start };
    withDesign(start, 'grid');
    expect(start).toEqual(before);
  });
});
