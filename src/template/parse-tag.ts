// Parses the inside of one `{...}` tag into a token. A tag that is not valid JSON-T
// returns null and stays literal text, so inline CSS and JavaScript survive.
import type { FormatterCall, Path } from './ast.ts';
import type { PredicateRef, TokenBody } from './tokens.ts';

const SEGMENT = /^[A-Za-z0-9_$@-]+$/;
/** A name starts with a letter, `$` or `@`, or is an index: digits only (`{0}`, `{1.a}`). */
const FIRST = /^(?:[A-Za-z$@]|\d+(?:[.|,]|$))/;
const FORMATTER_NAME = /^[A-Za-z0-9_-]+/;
const PREDICATE_NAME = /^[A-Za-z0-9_-]+\?/;
const WORD = /^\S+$/;

/** Parses `a.b.c`, `@`, `@.x`, `@index`, `@var.x`; null when not a valid reference. */
export function parsePath(raw: string): Path | null {
  if (raw === '@') return { raw, current: true, segments: [] };
  if (!FIRST.test(raw)) return null;
  // `$` may start or fill a data name, never a variable's (`{@$y}` stays text, as in the reference).
  if (raw.charCodeAt(0) === 64 /* @ */ && raw.split('.', 1)[0]?.includes('$') === true) return null;
  const parts = raw.split('.');
  for (const part of parts) if (!SEGMENT.test(part)) return null;
  if (parts[0] === '@') return { raw, current: true, segments: parts.slice(1) };
  return { raw, current: false, segments: parts };
}

/** Splits an argument string on its delimiter: the first character after the name. */
export function splitArgs(rest: string): string[] {
  if (rest.length === 0) return [];
  const delim = rest.charAt(0);
  // Every delimiter separates, spaces too: `cycle A  B` has an empty choice between A and B,
  // and `truncate 3 ` an empty ellipsis, as in the reference.
  return rest.slice(1).split(delim);
}

function parseFormatters(
  chain: readonly string[],
  line: number,
  column: number,
): FormatterCall[] | null {
  const out: FormatterCall[] = [];
  for (const part of chain) {
    const m = FORMATTER_NAME.exec(part);
    if (!m) return null;
    const name = m[0];
    const rest = part.slice(name.length);
    out.push({ name, args: splitArgs(rest), line, column });
  }
  return out;
}

/** `a,b|fmt args|fmt2` → variables and formatter chain. */
export function parseVariableTag(
  text: string,
  line: number,
  column: number,
): { paths: Path[]; formatters: FormatterCall[] } | null {
  const pipe = text.indexOf('|');
  const head = pipe === -1 ? text : text.slice(0, pipe);
  const paths: Path[] = [];
  const names = head.split(',');
  for (let i = 0; i < names.length; i++) {
    // Spaces are allowed after a comma only, as in `{start, end|datetime-interval}`.
    const name = i === 0 ? (names[i] ?? '') : (names[i] ?? '').trimStart();
    const path = parsePath(name);
    if (!path) return null;
    paths.push(path);
  }
  if (pipe === -1) return { paths, formatters: [] };
  const formatters = parseFormatters(text.slice(pipe + 1).split('|'), line, column);
  if (!formatters) return null;
  return { paths, formatters };
}

function parsePredicateRef(text: string): PredicateRef | null {
  const m = PREDICATE_NAME.exec(text);
  if (!m) return null;
  return { name: m[0], args: splitArgs(text.slice(m[0].length)) };
}

function parseIf(rest: string): TokenBody | null {
  const pred = parsePredicateRef(rest);
  if (pred) return { t: 'if', op: 'and', paths: [], predicate: pred, mixed: false };
  // Operands and operators alternate: ['a', '&&', 'b', '||', 'c'].
  const pieces = rest.split(/(&&|\|\|)/);
  const first = pieces[1];
  const op = first === '||' ? 'or' : 'and';
  const paths: Path[] = [];
  let mixed = false;
  for (let i = 0; i < pieces.length; i += 2) {
    const path = parsePath((pieces[i] ?? '').trim());
    if (!path) return null;
    // As in the reference, the test ends where the operator first changes.
    if (!mixed) paths.push(path);
    if (pieces[i + 1] !== undefined && pieces[i + 1] !== first) mixed = true;
  }
  return { t: 'if', op, paths, predicate: null, mixed };
}

function parseCtx(rest: string): TokenBody | null {
  const words = rest.split(/\s+/).filter((w) => w.length > 0);
  const name = words.shift();
  if (name?.startsWith('@') !== true) return null;
  const bindings: { key: string; path: Path }[] = [];
  for (const w of words) {
    const eq = w.indexOf('=');
    if (eq <= 0) return null;
    const path = parsePath(w.slice(eq + 1));
    if (!path) return null;
    bindings.push({ key: w.slice(0, eq), path });
  }
  return { t: 'ctxvar', name, bindings };
}

function parseBindVar(rest: string, line: number, column: number): TokenBody | null {
  // Unlike data names, a bound variable's name holds no `$` (the reference leaves such a tag as text).
  const m = /^(@[A-Za-z0-9_-]+)\s+(.+)$/.exec(rest);
  if (!m) return null;
  const v = parseVariableTag(m[2] ?? '', line, column);
  if (!v) return null;
  return { t: 'bindvar', name: m[1] ?? '', paths: v.paths, formatters: v.formatters };
}

/** Parses an instruction tag (text starts after the leading dot). */
function parseInstruction(text: string, line: number, column: number): TokenBody | null {
  const pred = parsePredicateRef(text);
  if (pred) return { t: 'predicate', predicate: pred };
  const sp = text.search(/\s/);
  const word = sp === -1 ? text : text.slice(0, sp);
  const rest = sp === -1 ? '' : text.slice(sp + 1).trim();
  switch (word) {
    case 'end':
      return rest === '' ? { t: 'end' } : null;
    case 'or': {
      if (rest === '') return { t: 'or', predicate: null };
      const p = parsePredicateRef(rest);
      return p ? { t: 'or', predicate: p } : null;
    }
    case 'alternates':
      return rest === 'with' ? { t: 'alternates' } : null;
    case 'section': {
      const path = parsePath(rest);
      return path ? { t: 'section', path } : null;
    }
    case 'repeated': {
      const m = /^section\s+(\S+)$/.exec(rest);
      const path = m ? parsePath(m[1] ?? '') : null;
      return path ? { t: 'repeated', path } : null;
    }
    case 'if':
      return rest === '' ? null : parseIf(rest);
    case 'var':
      return parseBindVar(rest, line, column);
    case 'ctx':
      return parseCtx(rest);
    case 'macro':
      return WORD.test(rest) ? { t: 'macro', name: rest } : null;
    case 'include': {
      const words = rest.split(/\s+/);
      const name = words[0] ?? '';
      if (name === '' || words.length > 2) return null;
      return { t: 'include', name, output: words[1] === 'output' };
    }
    case 'inject': {
      const m = /^(@[A-Za-z0-9_$-]+)\s+(\S+)$/.exec(rest);
      return m ? { t: 'inject', name: m[1] ?? '', path: m[2] ?? '' } : null;
    }
    case 'eval':
      return { t: 'eval', code: rest };
    case 'meta-left':
      return rest === '' ? { t: 'text', text: '{' } : null;
    case 'meta-right':
      return rest === '' ? { t: 'text', text: '}' } : null;
    case 'space':
      return rest === '' ? { t: 'text', text: ' ' } : null;
    case 'tab':
      return rest === '' ? { t: 'text', text: '\t' } : null;
    case 'newline':
      return rest === '' ? { t: 'text', text: '\n' } : null;
    default:
      return null;
  }
}

/** Parses the text between `{` and `}`; null means "literal text". */
export function parseTag(text: string, line: number, column: number): TokenBody | null {
  if (text.length === 0) return null;
  if (text.charCodeAt(0) === 46 /* . */) return parseInstruction(text.slice(1), line, column);
  if (!FIRST.test(text)) return null;
  const v = parseVariableTag(text, line, column);
  return v ? { t: 'variable', paths: v.paths, formatters: v.formatters } : null;
}
