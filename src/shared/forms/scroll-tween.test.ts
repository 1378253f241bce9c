import { describe, expect, it } from 'vitest';
import {
  easeInOut,
  SCROLL_OFFSET,
  scrollTarget,
  TWEEN_DURATION_MS,
  tweenPosition,
} from './scroll-tween.ts';

describe('the scroll to the first error (docs/behaviour/forms-and-captcha.md#scrolling-to-the-first-error)', () => {
  it('stops 30 px above the error, never above the page', () => {
    expect(SCROLL_OFFSET).toBe(30);
    expect(scrollTarget(500)).toBe(470);
    expect(scrollTarget(10)).toBe(0);
  });

  it('tweens over 300 ms, easing in and out', () => {
    expect(TWEEN_DURATION_MS).toBe(300);
    expect(tweenPosition(0, 400, 0)).toBe(0);
    expect(tweenPosition(0, 400, 150)).toBe(200);
    expect(tweenPosition(0, 400, 75)).toBeLessThan(100);
    expect(tweenPosition(0, 400, 300)).toBe(400);
    expect(tweenPosition(0, 400, 999)).toBe(400);
    expect(tweenPosition(100, 0, 10, 0)).toBe(0);
    expect(easeInOut(-1)).toBe(0);
    expect(easeInOut(2)).toBe(1);
  });
});
