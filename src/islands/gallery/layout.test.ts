import { describe, expect, it } from 'vitest';
import { GALLERY_DEFAULTS } from '../../shared/gallery/enums.ts';
import { alignedScrollLeft, gridSizes, mobilePerRow, sliderSizes, stripSizes } from './layout.ts';

const container = { clientWidth: 600, scrollWidth: 2000 };
const item = { offsetLeft: 900, offsetWidth: 200 };

describe('gallery layout', () => {
  it('puts the active item at the left, centre or right of its scroller', () => {
    expect(alignedScrollLeft(container, item, 'left')).toBe(900);
    expect(alignedScrollLeft(container, item, 'center')).toBe(700);
    expect(alignedScrollLeft(container, item, 'right')).toBe(500);
    expect(alignedScrollLeft(container, { offsetLeft: 0, offsetWidth: 200 }, 'right')).toBe(0);
    expect(alignedScrollLeft(container, { offsetLeft: 1900, offsetWidth: 100 }, 'left')).toBe(1400);
  });

  it('gives each design the sizes of its srcset', () => {
    const options = { ...GALLERY_DEFAULTS, 'thumbnails-per-row': 5 };
    expect(mobilePerRow(5)).toBe(2);
    expect(mobilePerRow(1)).toBe(1);
    expect(gridSizes(options)).toBe('(max-width: 432px) 50vw, (max-width: 960px) 20vw, 186px');
    const picture = {
      src: '',
      srcset: '',
      large: '',
      width: 1600,
      height: 2000,
      focalPoint: { x: 0.5, y: 0.5 },
    };
    expect(sliderSizes(picture)).toBe('(max-width: 432px) 192px, 256px');
    expect(stripSizes(picture, { ...options, 'square-thumbs': false })).toBe('64px');
    expect(stripSizes(picture, options)).toBe('80px');
  });
});
