import { describe, expect, it } from 'vitest';
import { answerLines, answerText } from './entry-answers.ts';

describe('answerLines', () => {
  const titles = new Map([
    ['initials', 'Initials'],
    ['thread', 'Thread colour'],
  ]);

  it("lists answers in the form's field order under their titles, empty ones left out", () => {
    expect(
      answerLines({ thread: ['Navy', 'Red'], zeta: 'z', initials: 'AL', note: '' }, titles),
    ).toEqual([
      { title: 'Initials', value: 'AL' },
      { title: 'Thread colour', value: 'Navy, Red' },
      { title: 'zeta', value: 'z' },
    ]);
  });

  it('has nothing to list for an entry without answers', () => {
    expect(answerLines(null, titles)).toEqual([]);
    expect(answerLines(undefined, undefined)).toEqual([]);
  });

  it('words a likert map and a name as one line', () => {
    expect(answerText({ Service: 'Agree', Speed: 'Neutral' })).toBe('Agree Neutral');
    expect(answerText(['', 'Ada', 'Lovelace'])).toBe('Ada, Lovelace');
  });
});
