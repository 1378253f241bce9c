import { describe, expect, it } from 'vitest';
import { lintEscaping } from './index.ts';

describe('escaping lint', () => {
  it('reports variables printed without an escaping formatter, with their position', () => {
    const t =
      '<h1>{title}</h1>\n{.section item}<p>{body|truncate 10}</p><a href="{url|htmlattr}">{name|html}</a>{.end}';
    expect(lintEscaping(t)).toEqual([
      {
        code: 'UNESCAPED_OUTPUT',
        message:
          '{title} has no formatter: add |html or |htmlattr, or mark trusted HTML with {# trusted } before it',
        line: 1,
        column: 5,
      },
      {
        code: 'UNESCAPED_OUTPUT',
        message:
          '{body} ends with |truncate: add |html or |htmlattr, or mark trusted HTML with {# trusted } before it',
        line: 2,
        column: 19,
      },
    ]);
  });

  it('accepts escaping, encoding and markup-building formatters', () => {
    expect(
      lintEscaping('{a|html}{b|json}{c|url-encode}{d|product-price}{e|money}{f|apply p}'),
    ).toEqual([]);
  });

  it('looks inside every kind of block', () => {
    const t =
      '{.repeated section xs}{a}{.alternates with}{b}{.or}{c}{.end}{.equal? x 1}{d}{.or}{e}{.end}{.macro m}{f}{.end}';
    expect(lintEscaping(t).map((e) => e.message.slice(0, 3))).toEqual([
      '{a}',
      '{b}',
      '{c}',
      '{d}',
      '{e}',
      '{f}',
    ]);
  });

  it('lets the one tag right after a {# trusted } annotation print unescaped', () => {
    const t = '{.section body}<div>{# trusted }{@}</div>{.end}\n{# trusted } {a}{b}';
    expect(lintEscaping(t).map((e) => `${e.line}:${e.column} ${e.message.slice(0, 3)}`)).toEqual([
      '2:14 {a}',
      '2:17 {b}',
    ]);
  });
});
