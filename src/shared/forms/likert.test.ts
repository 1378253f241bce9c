import { describe, expect, it } from 'vitest';
import { LIKERT_SCALE, likertLabel } from './likert.ts';

describe('the likert scale', () => {
  it('labels -2 to 2 as the spec’s defaults', () => {
    expect(LIKERT_SCALE.map((point) => [point.value, point.label])).toEqual([
      [-2, 'Strongly Disagree'],
      [-1, 'Disagree'],
      [0, 'Neutral'],
      [1, 'Agree'],
      [2, 'Strongly Agree'],
    ]);
    expect(likertLabel(1)).toBe('Agree');
    expect(likertLabel(3)).toBeUndefined();
  });
});
