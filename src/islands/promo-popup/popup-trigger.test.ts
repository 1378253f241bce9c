// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollDepth, watchTrigger } from './popup-trigger.ts';

/** A page `height` px tall in a window `viewport` px tall, scrolled to `y`. */
function pageOf(height: number, viewport: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    value: height,
  });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: viewport });
  return (y: number) => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('promotional popup trigger', () => {
  it('fires the given seconds after the page loads, once', () => {
    const fire = vi.fn();
    watchTrigger({ type: 'delay', seconds: 8 }, fire);
    vi.advanceTimersByTime(7999);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when the island goes away', () => {
    const fire = vi.fn();
    const stop = watchTrigger({ type: 'delay', seconds: 1 }, fire);
    stop();
    vi.advanceTimersByTime(5000);
    expect(fire).not.toHaveBeenCalled();
  });

  it('fires once the visitor has scrolled through the share of the page', () => {
    const scrollTo = pageOf(3000, 1000);
    const fire = vi.fn();
    watchTrigger({ type: 'scroll', percent: 50 }, fire);
    scrollTo(999);
    expect(scrollDepth(window)).toBeCloseTo(49.95);
    expect(fire).not.toHaveBeenCalled();
    scrollTo(1000);
    expect(fire).toHaveBeenCalledTimes(1);
    scrollTo(2000);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('never fires on a page too short to scroll', () => {
    const scrollTo = pageOf(800, 1000);
    const fire = vi.fn();
    watchTrigger({ type: 'scroll', percent: 10 }, fire);
    scrollTo(0);
    expect(scrollDepth(window)).toBe(0);
    expect(fire).not.toHaveBeenCalled();
  });

  it('stops listening to scrolling when the island goes away', () => {
    const scrollTo = pageOf(3000, 1000);
    const fire = vi.fn();
    watchTrigger({ type: 'scroll', percent: 10 }, fire)();
    scrollTo(2000);
    expect(fire).not.toHaveBeenCalled();
  });
});
