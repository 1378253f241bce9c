// The `format` formatter's placeholders, scanned as the reference scans them: `{` opens a
// placeholder and `}` closes it; the digits inside index the arguments (none is 0), and
// anything else makes it print nothing. A second `{` inside undoes the first's validity, a
// third starts afresh (`{x{0}}` prints argument 0, then `}`; `{{0}}` prints `}` only). Text
// after a placeholder that never closes is dropped.

const OPEN = 123; // {
const CLOSE = 125; // }
const ZERO = 48;
const NINE = 57;

/** `text` with each placeholder replaced by `arg(index)`, or by nothing when it is no index. */
export function fillPlaceholders(text: string, arg: (index: number) => string): string {
  // Most text has no placeholder at all.
  if (!text.includes('{')) return text;
  let out = '';
  let start = 0;
  let inside = false;
  let valid = true;
  let index = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!inside) {
      if (c === OPEN) {
        out += text.slice(start, i);
        inside = true;
        valid = true;
        index = 0;
      }
    } else if (c === CLOSE) {
      if (valid) out += arg(index);
      inside = false;
      start = i + 1;
    } else if (c === OPEN) {
      if (valid) valid = false;
      else {
        valid = true;
        index = 0;
      }
    } else if (c >= ZERO && c <= NINE) index = index * 10 + (c - ZERO);
    else valid = false;
  }
  return inside ? out : out + text.slice(start);
}
