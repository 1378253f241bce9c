import { describe, expect, it } from 'vitest';
import {
  LIGHTBOX_ANIMATION_MS,
  LIGHTBOX_RESIZE_DEBOUNCE_MS,
  LIGHTBOX_TOP_MARGIN,
  lightboxTop,
} from './lightbox.ts';

describe('lightbox placement and timings (docs/behaviour/forms-and-captcha.md#the-lightbox)', () => {
  it('animates for 0.3 s and debounces resizes by 100 ms', () => {
    expect(LIGHTBOX_ANIMATION_MS).toBe(300);
    expect(LIGHTBOX_RESIZE_DEBOUNCE_MS).toBe(100);
  });

  it('keeps a top margin of 50 when the content is taller than the window', () => {
    expect(LIGHTBOX_TOP_MARGIN).toBe(50);
    expect(lightboxTop(1200, 800)).toBe(50);
    expect(lightboxTop(801, 800)).toBe(50);
  });

  it('centres content that fits', () => {
    expect(lightboxTop(400, 800)).toBe(200);
    expect(lightboxTop(800, 800)).toBe(0);
    expect(lightboxTop(401, 800)).toBe(199);
  });
});
