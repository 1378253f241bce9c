import { describe, expect, it } from 'vitest';
import { GALLERY_DEFAULTS, type GalleryOptions } from './enums.ts';
import { withDesign, withDesignPreset } from './presets.ts';

const start: GalleryOptions = { ...GALLERY_DEFAULTS, autoplay: true, thumbnails: true, padding: 7 };

describe('design presets (docs/behaviour/galleries-and-images.md#design-presets)', () => {
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

describe('presets for options given with their design (import)', () => {
  it('fill the switches the options leave out, and keep those they set', () => {
    expect(withDesignPreset({ design: 'slideshow', padding: 4 })).toEqual({
      design: 'slideshow',
      padding: 4,
      thumbnails: true,
    });
    expect(withDesignPreset({ design: 'slideshow', thumbnails: false })).toEqual({
      design: 'slideshow',
      thumbnails: false,
    });
    expect(withDesignPreset({ design: 'grid' })).toEqual({
      design: 'grid',
      thumbnails: false,
      autoplay: false,
    });
    expect(withDesignPreset({ design: 'slider', autoplay: true })).toEqual({
      design: 'slider',
      autoplay: true,
      thumbnails: false,
    });
  });

  it('leave options without a known design, and anything else, as given', () => {
    expect(withDesignPreset({ padding: 4 })).toEqual({ padding: 4 });
    expect(withDesignPreset({ design: 'carousel' })).toEqual({ design: 'carousel' });
    expect(withDesignPreset(null)).toBeNull();
    expect(withDesignPreset(['grid'])).toEqual(['grid']);
  });
});
