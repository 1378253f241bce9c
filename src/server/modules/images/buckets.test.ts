import { describe, expect, it } from 'vitest';
import { bucketsFor, parseFormat, WIDTH_BUCKETS } from './buckets.ts';

describe('width buckets (docs/behaviour/galleries-and-images.md#width-buckets)', () => {
  it('are the spec list: 100w, 300w, 500w, 750w, 1000w, 1500w', () => {
    expect(WIDTH_BUCKETS).toEqual([100, 300, 500, 750, 1000, 1500]);
  });

  it('accepts exactly the six buckets and original', () => {
    for (const width of WIDTH_BUCKETS)
      expect(parseFormat(`${width}w`)).toEqual({ kind: 'width', width });
    expect(parseFormat('original')).toEqual({ kind: 'original' });
    expect(parseFormat(undefined)).toEqual({ kind: 'original' });
  });

  it.each(['400w', '2500w', '0w', '100', '100W', '0100w', '1500w ', '', 'w', '1e3w', '-100w'])(
    'refuses %j',
    (format) => {
      expect(parseFormat(format)).toBeNull();
    },
  );

  it('offers every bucket below the original and the next bucket when the width exceeds one', () => {
    expect(bucketsFor(1600)).toEqual([100, 300, 500, 750, 1000, 1500]);
    expect(bucketsFor(1500)).toEqual([100, 300, 500, 750, 1000, 1500]);
    expect(bucketsFor(1001)).toEqual([100, 300, 500, 750, 1000, 1500]);
    expect(bucketsFor(1000)).toEqual([100, 300, 500, 750, 1000]);
    expect(bucketsFor(800)).toEqual([100, 300, 500, 750, 1000]);
    expect(bucketsFor(301)).toEqual([100, 300, 500]);
    expect(bucketsFor(101)).toEqual([100, 300]);
    expect(bucketsFor(100)).toEqual([100]);
    expect(bucketsFor(40)).toEqual([100]);
  });
});
