// Core formatters that escape or serialise a value for HTML, attributes, JSON and URLs.
import type { FormatterTable } from '../types.ts';
import { isTruthy, toText } from '../../values.ts';

/** Text for escaping formatters: strings, numbers and booleans; objects and arrays give ''. */
function scalarText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

const HAS_HTML = /[&<>]/;
const HAS_ATTR = /[&<>"]/;

/** Copies runs between special characters: faster than a replace callback per match. */
function escapeWith(s: string, quotes: boolean): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let entity: string;
    if (c === 38) entity = '&amp;';
    else if (c === 60) entity = '&lt;';
    else if (c === 62) entity = '&gt;';
    else if (c === 34 && quotes) entity = '&quot;';
    else continue;
    out += s.slice(last, i) + entity;
    last = i + 1;
  }
  return out + s.slice(last);
}

// Most text needs no escaping: test first, copy only when needed.
export function escapeHtml(s: string): string {
  return HAS_HTML.test(s) ? escapeWith(s, false) : s;
}

export function escapeAttr(s: string): string {
  return HAS_ATTR.test(s) ? escapeWith(s, true) : s;
}

/** JSON safe to place inside a <script> element: `</` cannot close it. */
export function jsonForHtml(v: unknown, indent?: number): string {
  const json = JSON.stringify(v, null, indent);
  return json === undefined ? '' : json.replace(/<\//g, '<\\/');
}

const TAG = /<[^>]*>/g;

export const escapeFormatters: FormatterTable = {
  html: (v) => escapeHtml(scalarText(v)),
  htmlattr: (v) => escapeAttr(scalarText(v)),
  htmltag: (v) => escapeAttr(scalarText(v)),
  json: (v) => jsonForHtml(v),
  'json-pretty': (v) => jsonForHtml(v, 2),
  // Serialises without HTML protection; missing values print as null.
  raw: (v) => JSON.stringify(v === undefined ? null : v),
  // A false value passes through unchanged; any other becomes its text without tags (an
  // object or array empty text), as in the reference.
  safe: (v) => (isTruthy(v) ? toText(v).replace(TAG, '') : v),
  str: (v) => scalarText(v),
};
