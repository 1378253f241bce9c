// Comment-count wording of docs/behaviour/templates.md#formatter-defaults: 'No Comments', '1 Comment', 'N Comments'.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../index.ts';

describe('comment count', () => {
  it('words zero, one and many', () => {
    const engine = createEngine();
    const count = (n: number): string =>
      engine.render('{@|comment-count}', { publicCommentCount: n }).output;
    expect(count(0)).toBe('No Comments');
    expect(count(1)).toBe('1 Comment');
    expect(count(7)).toBe('7 Comments');
  });
});
