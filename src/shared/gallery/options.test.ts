import { describe, expect, it } from 'vitest';
import { GALLERY_DEFAULTS, GALLERY_OPTION_NAMES } from './enums.ts';
import { normalizeGalleryOptions, parseGalleryOptions } from './options.ts';

describe('the gallery option set (docs/behaviour/galleries-and-images.md#gallery-option-set)', () => {
  it('has every option of the spec table with its default', () => {
    expect({ ...GALLERY_DEFAULTS }).toEqual({
      design: 'grid',
      autoplay: false,
      'autoplay-duration': 5,
      controls: false,
      'auto-crop': true,
      'aspect-ratio': 'square',
      'square-thumbs': true,
      thumbnails: false,
      'thumbnail-strip-height': 80,
      'thumbnail-strip-margin': 20,
      'show-meta-basic': true,
      'show-meta': true,
      'show-meta-only-title': false,
      'meta-position': 'bottom',
      'show-meta-on-hover': false,
      'active-alignment': 'center',
      'thumbnails-per-row': 4,
      padding: 20,
      lightbox: false,
      lightboxTheme: 'dark',
      'max-width': 300,
      newWindow: false,
      transparentBackground: false,
    });
  });

  it('fills every missing option with its default', () => {
    expect(parseGalleryOptions({})).toEqual({ ok: true, options: GALLERY_DEFAULTS });
    expect(parseGalleryOptions(undefined)).toEqual({ ok: true, options: GALLERY_DEFAULTS });
    expect(parseGalleryOptions({ design: 'slider', padding: 0 })).toEqual({
      ok: true,
      options: { ...GALLERY_DEFAULTS, design: 'slider', padding: 0 },
    });
  });

  it.each([
    ['design', ['slideshow', 'slider', 'grid', 'stacked']],
    [
      'aspect-ratio',
      [
        'square',
        'standard',
        'standard-vertical',
        'four-three',
        'three-four-vertical',
        'widescreen',
        'anamorphic-widescreen',
      ],
    ],
    [
      'meta-position',
      ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'],
    ],
    ['active-alignment', ['left', 'center', 'right']],
    ['lightboxTheme', ['dark', 'light']],
  ] as const)('%s takes exactly %j', (name, values) => {
    for (const value of values)
      expect(parseGalleryOptions({ [name]: value })).toMatchObject({ ok: true });
    const sorted = [...values].sort().join(', ');
    const refused = parseGalleryOptions({ [name]: 'sideways' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.errors).toHaveLength(1);
      expect(refused.errors[0]).toMatch(new RegExp(`^${name} must be one of `));
      const listed = refused.errors[0]?.replace(`${name} must be one of `, '').split(', ');
      expect(listed?.sort().join(', ')).toBe(sorted);
    }
  });

  it.each([
    ['autoplay-duration', 1, 10, 'seconds'],
    ['thumbnail-strip-height', 0, 200, 'pixels'],
    ['thumbnail-strip-margin', 0, 60, 'pixels'],
    ['thumbnails-per-row', 1, 10, 'images'],
    ['padding', 0, 50, 'pixels'],
    ['max-width', 100, 300, 'pixels'],
  ] as const)(
    '%s accepts %i to %i %s and refuses the rest with a clear message',
    (name, min, max, unit) => {
      const message = `${name} must be a whole number of ${unit} from ${min} to ${max}`;
      expect(parseGalleryOptions({ [name]: min })).toMatchObject({ ok: true });
      expect(parseGalleryOptions({ [name]: max })).toMatchObject({ ok: true });
      for (const bad of [min - 1, max + 1, min + 0.5, '5', null]) {
        expect(parseGalleryOptions({ [name]: bad })).toEqual({ ok: false, errors: [message] });
      }
    },
  );

  it('refuses a switch that is not true or false, and unknown options', () => {
    expect(parseGalleryOptions({ autoplay: 'yes', newWindow: 1 })).toEqual({
      ok: false,
      errors: ['autoplay must be true or false', 'newWindow must be true or false'],
    });
    expect(parseGalleryOptions({ autoPlay: true, colour: 'red' })).toEqual({
      ok: false,
      errors: ['Unknown gallery options: autoPlay, colour'],
    });
    expect(parseGalleryOptions([])).toEqual({
      ok: false,
      errors: ['Gallery options must be an object'],
    });
  });
});

describe('normalizeGalleryOptions (stored options, rendered leniently)', () => {
  it('clamps numbers into range and rounds them', () => {
    const options = normalizeGalleryOptions({
      'autoplay-duration': 30,
      'thumbnail-strip-height': -5,
      'thumbnail-strip-margin': 61,
      'thumbnails-per-row': 0,
      padding: 12.6,
      'max-width': 20,
    });
    expect(options['autoplay-duration']).toBe(10);
    expect(options['thumbnail-strip-height']).toBe(0);
    expect(options['thumbnail-strip-margin']).toBe(60);
    expect(options['thumbnails-per-row']).toBe(1);
    expect(options.padding).toBe(13);
    expect(options['max-width']).toBe(100);
  });

  it('keeps every valid value and gives anything else its default', () => {
    const options = normalizeGalleryOptions({
      design: 'carousel',
      autoplay: 'true',
      'autoplay-duration': Number.NaN,
      lightbox: true,
      lightboxTheme: 'light',
      'meta-position': 'top-left',
      extra: 1,
    });
    expect(options).toEqual({
      ...GALLERY_DEFAULTS,
      lightbox: true,
      lightboxTheme: 'light',
      'meta-position': 'top-left',
    });
    expect(Object.keys(options)).toEqual(GALLERY_OPTION_NAMES);
    expect(normalizeGalleryOptions('grid')).toEqual(GALLERY_DEFAULTS);
  });
});
