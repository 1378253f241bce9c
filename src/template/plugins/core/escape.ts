// Core formatters that escape or serialise a value for HTML, attributes, JSON and URLs.
import type { FormatterTable } from '../types.ts';
import { toOutput } from '../../values.ts';

const HTML = /[&<>]/g;
const ATTR = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text for escaping formatters: strings, numbers and booleans; objects and arrays give ''. */
function scalarText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

const HAS_HTML = /[&<>]/;
const HAS_ATTR = /[&<>"]/;

// Most text needs no escaping: test first, replace only when needed.
export function escapeHtml(s: string): string {
  return HAS_HTML.test(s) ? s.replace(HTML, (c) => ENTITIES[c] ?? c) : s;
}

export function escapeAttr(s: string): string {
  return HAS_ATTR.test(s) ? s.replace(ATTR, (c) => ENTITIES[c] ?? c) : s;
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
  safe: (v) => (typeof v === 'string' ? v.replace(TAG, '') : toOutput(v)),
  str: (v) => scalarText(v),
};
