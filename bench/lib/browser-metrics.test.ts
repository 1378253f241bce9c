import { describe, expect, it } from 'vitest';
import {
  cumulativeLayoutShift,
  largestPaint,
  median,
  totalBlockingTime,
} from './browser-metrics.ts';

describe('totalBlockingTime', () => {
  it('sums what each long task runs beyond 50 ms', () => {
    const tasks = [
      { startTime: 1_000, duration: 120 },
      { startTime: 2_000, duration: 60 },
      { startTime: 3_000, duration: 50 },
    ];
    expect(totalBlockingTime(tasks, 500, 10_000)).toBe(70 + 10 + 0);
  });

  it('leaves out tasks that ended before First Contentful Paint', () => {
    expect(totalBlockingTime([{ startTime: 100, duration: 300 }], 500, 10_000)).toBe(0);
  });

  it('counts a task under way at FCP from FCP on', () => {
    // 400–700 ms with FCP at 500: 200 ms after FCP, 150 of them blocking.
    expect(totalBlockingTime([{ startTime: 400, duration: 300 }], 500, 10_000)).toBe(150);
  });

  it('stops at the moment of measurement', () => {
    expect(totalBlockingTime([{ startTime: 900, duration: 500 }], 500, 1_000)).toBe(50);
    expect(totalBlockingTime([{ startTime: 2_000, duration: 500 }], 500, 1_000)).toBe(0);
  });

  it('from navigation start, counts the tasks that delayed the first paint', () => {
    // Hydration before FCP at 3,000 ms: hidden from a window that starts at FCP.
    const tasks = [
      { startTime: 700, duration: 375 },
      { startTime: 1_450, duration: 886 },
      { startTime: 3_800, duration: 66 },
    ];
    expect(totalBlockingTime(tasks, 3_000, 7_000)).toBe(16);
    expect(totalBlockingTime(tasks, 0, 7_000)).toBe(325 + 836 + 16);
  });
});

describe('largestPaint', () => {
  const image = 'http://127.0.0.1:4000/images/ab/shirt.jpg?format=500w';
  const heading = { startTime: 1_800, size: 6_864, url: '', element: 'h1' };
  const picture = { startTime: 2_600, size: 188_180, url: image, element: 'img' };

  it('is the last candidate, the main image when it painted after the heading', () => {
    expect(largestPaint([heading, picture], image)).toEqual({
      ms: 2_600,
      element: 'img /images/ab/shirt.jpg?format=500w',
      isMainImage: true,
    });
  });

  it('says so when the last candidate is text or another image', () => {
    expect(largestPaint([heading], image)).toEqual({
      ms: 1_800,
      element: 'h1',
      isMainImage: false,
    });
    const other = { ...picture, url: 'http://127.0.0.1:4000/images/cd/logo.png' };
    expect(largestPaint([heading, other], image).isMainImage).toBe(false);
    expect(largestPaint([picture], null).isMainImage).toBe(false);
  });

  it('is NaN with no candidate', () => {
    expect(largestPaint([], image).ms).toBeNaN();
  });
});

describe('cumulativeLayoutShift', () => {
  it('is 0 without shifts', () => {
    expect(cumulativeLayoutShift([])).toBe(0);
  });

  it('adds shifts less than a second apart into one session window', () => {
    const shifts = [
      { startTime: 100, value: 0.1 },
      { startTime: 900, value: 0.05 },
    ];
    expect(cumulativeLayoutShift(shifts)).toBeCloseTo(0.15);
  });

  it('is the largest window, not the sum of all of them', () => {
    const shifts = [
      { startTime: 100, value: 0.1 },
      { startTime: 3_000, value: 0.04 },
      { startTime: 3_500, value: 0.04 },
    ];
    expect(cumulativeLayoutShift(shifts)).toBeCloseTo(0.1);
  });

  it('closes a window after five seconds even when shifts keep coming', () => {
    const shifts = Array.from({ length: 8 }, (_, i) => ({ startTime: i * 900, value: 0.01 }));
    // 0, 900, …, 4500 share a window (6 shifts); 5400 and 6300 start the next.
    expect(cumulativeLayoutShift(shifts)).toBeCloseTo(0.06);
  });
});

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3);
  });

  it('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  it('is NaN for no values', () => {
    expect(median([])).toBeNaN();
  });
});
