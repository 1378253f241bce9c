import { describe, expect, it } from 'vitest';
import { answerText, csvCell, neutralizeCell, submissionsCsv } from './csv.ts';

describe('submissions CSV', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])(
    'neutralises a cell starting with %j',
    (text) => {
      expect(neutralizeCell(text)).toBe(`'${text}`);
    },
  );

  it('leaves other cells alone and quotes every cell', () => {
    expect(neutralizeCell('Hello = world')).toBe('Hello = world');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  });

  it('writes composite, checkbox and likert answers as text', () => {
    expect(answerText(['Ann', 'Lee'])).toBe('Ann, Lee');
    expect(answerText(['', '555', '123', '4567'])).toBe('555, 123, 4567');
    expect(answerText({ Q1: 'Agree', Q2: 'Neutral' })).toBe('Q1: Agree; Q2: Neutral');
    expect(answerText(undefined)).toBe('');
  });

  it('has a header of field titles, one row per submission and CRLF line ends', () => {
    const csv = submissionsCsv([
      {
        createdAt: new Date('2026-01-02T03:04:05Z'),
        pagePath: '/contact',
        fields: [
          { id: 'name', type: 'name', title: 'Name' },
          { id: 's', type: 'section', title: 'About you' },
          { id: 'msg', type: 'textarea', title: 'Message' },
        ],
        answers: { name: ['Ann', 'Lee'], msg: '-2+3' },
      },
    ]);
    expect(csv).toBe(
      '"Submitted","Page","Name","Message"\r\n"2026-01-02T03:04:05.000Z","/contact","Ann, Lee","\'-2+3"\r\n',
    );
  });
});
