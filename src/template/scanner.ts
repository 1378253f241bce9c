// Splits template source into tokens: text runs, instructions and variables.
// Comments are dropped here; malformed tags are kept as literal text.
import { ErrorCode, LineMap, makeError } from './errors.ts';
import { parseTag } from './parse-tag.ts';
import type { TemplateError } from './plugins/types.ts';
import type { Token } from './tokens.ts';

const OPEN = 123; // {
const CLOSE = 125; // }
const HASH = 35; // #

/** `isFormatter` lets a tag naming an unknown formatter stay literal text (with an error). */
export function scan(
  source: string,
  errors: TemplateError[],
  isFormatter: (name: string) => boolean,
): Token[] {
  const tokens: Token[] = [];
  const lines = new LineMap(source);
  const n = source.length;
  let text = ''; // literal text waiting to be flushed
  let textStart = 0; // offset where the pending literal source begins
  let pendingAt = 0; // offset where `text` began, for its position
  let i = 0;

  const flush = (upTo: number): void => {
    if (text.length === 0) pendingAt = textStart;
    text += source.slice(textStart, upTo);
    if (text.length > 0) {
      const p = lines.position(pendingAt);
      tokens.push({ t: 'text', text, line: p.line, column: p.column });
    }
    text = '';
  };

  // Set when this `{` was met inside an earlier tag, which it made literal text.
  let inner = false;
  while (i < n) {
    const open = source.indexOf('{', i);
    if (open === -1) break;
    const nested = inner;
    inner = false;
    // `{##` opens a multi-line comment only where a tag may begin, as in the reference: met
    // inside a broken tag it is a one-line comment. A one-line comment is scanned as a tag.
    if (!nested && source.charCodeAt(open + 1) === HASH && source.charCodeAt(open + 2) === HASH) {
      const close = source.indexOf('##}', open + 3);
      if (close === -1) {
        const p = lines.position(open);
        errors.push(
          makeError(
            ErrorCode.EofInComment,
            'Reached end of template inside a comment',
            p.line,
            p.column,
          ),
        );
        flush(open);
        textStart = n;
        break;
      }
      flush(open);
      i = textStart = close + 3;
      continue;
    }
    // Find the end of the tag; another `{` first means this one is literal.
    let k = open + 1;
    while (k < n) {
      const c = source.charCodeAt(k);
      if (c === CLOSE || c === OPEN) break;
      k++;
    }
    if (k >= n) break;
    if (source.charCodeAt(k) === OPEN) {
      i = k;
      inner = true;
      continue;
    }
    if (source.charCodeAt(open + 1) === HASH) {
      flush(open);
      i = textStart = k + 1;
      continue;
    }
    const p = lines.position(open);
    const body = parseTag(source.slice(open + 1, k), p.line, p.column);
    if (body === null) {
      i = k + 1;
      continue;
    }
    if (body.t === 'variable' || body.t === 'bindvar') {
      const unknown = body.formatters.find((f) => !isFormatter(f.name));
      if (unknown) {
        errors.push(
          makeError(
            ErrorCode.FormatterUnknown,
            `Unknown formatter "${unknown.name}"`,
            p.line,
            p.column,
          ),
        );
        i = k + 1;
        continue;
      }
    }
    if (body.t === 'text') {
      // meta characters and whitespace instructions join the surrounding literal text
      if (text.length === 0) pendingAt = textStart;
      text += source.slice(textStart, open) + body.text;
    } else {
      flush(open);
      tokens.push({ ...body, line: p.line, column: p.column });
    }
    i = textStart = k + 1;
  }
  flush(n);
  return tokens;
}
