// Tokenizer of the `{.eval}` expression language, with its limits on token count
// and string length (untrusted templates must not build huge expressions).
import { ErrorCode } from '../errors.ts';

export type ExprToken =
  | { t: 'num'; v: number }
  | { t: 'str'; v: string }
  | { t: 'name'; v: string } // paths and @variables
  | { t: 'op'; v: string }
  | { t: 'lparen' }
  | { t: 'rparen' }
  | { t: 'comma' }
  | { t: 'semi' };

export interface ExprLimits {
  maxTokens: number;
  maxStringLength: number;
}

export class ExprError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

// Longest first, so `===` wins over `==` and `**` over `*`.
const OPERATORS = [
  '===',
  '!==',
  '**',
  '==',
  '!=',
  '<=',
  '>=',
  '<<',
  '>>',
  '&&',
  '||',
  '+',
  '-',
  '*',
  '/',
  '%',
  '<',
  '>',
  '!',
  '~',
  '&',
  '|',
  '^',
  '=',
];
const NAME_START = /[A-Za-z_$@]/;
const NAME_PART = /[A-Za-z0-9_$@.]/;
const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
};

function readString(
  src: string,
  start: number,
  limits: ExprLimits,
): { value: string; end: number } {
  const quote = src.charAt(start);
  let out = '';
  let i = start + 1;
  while (i < src.length) {
    const c = src.charAt(i);
    if (c === quote) return { value: out, end: i + 1 };
    if (c === '\\') {
      const e = src.charAt(i + 1);
      if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(src.slice(i + 2, i + 6))) {
        out += String.fromCharCode(Number.parseInt(src.slice(i + 2, i + 6), 16));
        i += 6;
      } else if (e === 'x' && /^[0-9a-fA-F]{2}$/.test(src.slice(i + 2, i + 4))) {
        out += String.fromCharCode(Number.parseInt(src.slice(i + 2, i + 4), 16));
        i += 4;
      } else {
        out += ESCAPES[e] ?? e;
        i += 2;
      }
    } else {
      out += c;
      i++;
    }
    if (out.length > limits.maxStringLength) {
      throw new ExprError(
        ErrorCode.StringLimit,
        `String literal exceeds the limit of ${limits.maxStringLength} characters`,
      );
    }
  }
  throw new ExprError(ErrorCode.UnterminatedString, 'Unterminated string');
}

function readNumber(src: string, i: number): { value: number; end: number } {
  const hex = /^0[xX][0-9a-fA-F]+/.exec(src.slice(i));
  if (hex) return { value: Number(hex[0]), end: i + hex[0].length };
  const dec = /^\d+\.?\d*(?:[eE][-+]?\d+)?/.exec(src.slice(i));
  const text = dec?.[0] ?? src.charAt(i);
  return { value: Number(text), end: i + text.length };
}

export function tokenize(src: string, limits: ExprLimits): ExprToken[] {
  const out: ExprToken[] = [];
  let i = 0;
  const push = (t: ExprToken): void => {
    out.push(t);
    if (out.length > limits.maxTokens) {
      throw new ExprError(
        ErrorCode.TokenLimit,
        `Expression exceeds the limit of ${limits.maxTokens} tokens`,
      );
    }
  };
  while (i < src.length) {
    const c = src.charAt(i);
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"' || c === "'") {
      const s = readString(src, i, limits);
      push({ t: 'str', v: s.value });
      i = s.end;
    } else if (c >= '0' && c <= '9') {
      const n = readNumber(src, i);
      push({ t: 'num', v: n.value });
      i = n.end;
    } else if (NAME_START.test(c)) {
      let j = i + 1;
      while (j < src.length && NAME_PART.test(src.charAt(j))) j++;
      push({ t: 'name', v: src.slice(i, j) });
      i = j;
    } else if (c === '(') {
      push({ t: 'lparen' });
      i++;
    } else if (c === ')') {
      push({ t: 'rparen' });
      i++;
    } else if (c === ',') {
      push({ t: 'comma' });
      i++;
    } else if (c === ';') {
      push({ t: 'semi' });
      i++;
    } else {
      const op = OPERATORS.find((o) => src.startsWith(o, i));
      if (op === undefined)
        throw new ExprError(ErrorCode.ExprSyntax, `Unexpected character at ${i}: "${c}"`);
      push({ t: 'op', v: op });
      i += op.length;
    }
  }
  return out;
}
