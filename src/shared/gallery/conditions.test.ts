import { describe, expect, it } from 'vitest';
import {
  effectiveGalleryOptions,
  isGalleryOptionVisible,
  visibleGalleryOptions,
} from './conditions.ts';
import { GALLERY_DEFAULTS, GALLERY_OPTION_NAMES, type GalleryOptions } from './enums.ts';

const options = (changes: Partial<GalleryOptions>): GalleryOptions => ({
  ...GALLERY_DEFAULTS,
  ...changes,
});

describe('gallery option conditions (docs/behaviour/galleries-and-images.md#conditions)', () => {
  it('shows the autoplay delay only when autoplay is on', () => {
    expect(isGalleryOptionVisible('autoplay-duration', options({ autoplay: false }))).toBe(false);
    expect(isGalleryOptionVisible('autoplay-duration', options({ autoplay: true }))).toBe(true);
  });

  it('shows the thumbnail strip options only when thumbnails are on', () => {
    for (const name of ['thumbnail-strip-height', 'thumbnail-strip-margin'] as const) {
      expect(isGalleryOptionVisible(name, options({ thumbnails: false }))).toBe(false);
      expect(isGalleryOptionVisible(name, options({ thumbnails: true }))).toBe(true);
    }
  });

  it('shows the aspect ratio only for the grid design', () => {
    expect(isGalleryOptionVisible('aspect-ratio', options({ design: 'grid' }))).toBe(true);
    for (const design of ['slideshow', 'slider', 'stacked'] as const)
      expect(isGalleryOptionVisible('aspect-ratio', options({ design }))).toBe(false);
  });

  it('shows meta position and on-hover only when meta is shown', () => {
    for (const name of ['meta-position', 'show-meta-on-hover'] as const) {
      expect(isGalleryOptionVisible(name, options({ 'show-meta': true }))).toBe(true);
      expect(isGalleryOptionVisible(name, options({ 'show-meta': false }))).toBe(false);
    }
  });

  it('shows the lightbox theme only with the lightbox', () => {
    expect(isGalleryOptionVisible('lightboxTheme', options({ lightbox: false }))).toBe(false);
    expect(isGalleryOptionVisible('lightboxTheme', options({ lightbox: true }))).toBe(true);
  });

  it('shows transparentBackground only when auto-crop is off and the design is slideshow', () => {
    const visible = (changes: Partial<GalleryOptions>) =>
      isGalleryOptionVisible('transparentBackground', options(changes));
    expect(visible({ 'auto-crop': false, design: 'slideshow' })).toBe(true);
    expect(visible({ 'auto-crop': true, design: 'slideshow' })).toBe(false);
    expect(visible({ 'auto-crop': false, design: 'slider' })).toBe(false);
    expect(visible({ 'auto-crop': false, design: 'grid' })).toBe(false);
  });

  it('leaves every other option visible', () => {
    const hidden = GALLERY_OPTION_NAMES.filter(
      (name) => !visibleGalleryOptions(GALLERY_DEFAULTS).includes(name),
    );
    expect(hidden).toEqual([
      'autoplay-duration',
      'thumbnail-strip-height',
      'thumbnail-strip-margin',
      'lightboxTheme',
      'transparentBackground',
    ]);
  });

  it('reads every option that does not apply at its default', () => {
    const stale = options({
      design: 'slider',
      autoplay: false,
      'autoplay-duration': 9,
      'aspect-ratio': 'widescreen',
      'show-meta': false,
      'meta-position': 'top',
      'show-meta-on-hover': true,
      lightbox: false,
      lightboxTheme: 'light',
      transparentBackground: true,
      'auto-crop': false,
      thumbnails: false,
      'thumbnail-strip-height': 150,
    });
    expect(effectiveGalleryOptions(stale)).toEqual({
      ...stale,
      'autoplay-duration': 5,
      'aspect-ratio': 'square',
      'meta-position': 'bottom',
      'show-meta-on-hover': false,
      lightboxTheme: 'dark',
      transparentBackground: false,
      'thumbnail-strip-height': 80,
    });
    const live = options({
      autoplay: true,
      'autoplay-duration': 3,
      lightbox: true,
      lightboxTheme: 'light',
    });
    expect(effectiveGalleryOptions(live)).toEqual(live);
  });
});
