// Core formatters that rewrite text: truncate, slugify, URL encodings, smartypants,
// line breaks, pluralize.
import type { FormatterTable } from '../types.ts';
import { leadingNumber, toText } from '../../values.ts';

export const DEFAULT_TRUNCATE_LENGTH = 100;
export const DEFAULT_ELLIPSIS = '...';

/** Cuts at a word boundary within `max` characters and appends the ellipsis. */
export function truncate(s: string, max: number, ellipsis: string): string {
  // A limit below 1 cuts nothing, as in the reference.
  if (s.length <= max || max < 1) return s;
  const cut = s.slice(0, max);
  // Only ASCII white space is a word boundary, as in the reference: a no-break space (the
  // digit group of a French amount) is part of the word.
  const space = cut.search(/[ \t\n\v\f\r][^ \t\n\v\f\r]*$/);
  return (space === -1 ? cut : cut.slice(0, space + 1)) + ellipsis;
}

/** encodeURIComponent, except `@ + /` stay and `! ' ( ) ~` are escaped too. */
export function urlEncode(s: string): string {
  return encodeURIComponent(s)
    .replace(/%40/g, '@')
    .replace(/%2B/g, '+')
    .replace(/%2F/g, '/')
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function slugify(s: string): string {
  return s
    .replace(/[^a-zA-Z0-9\s-]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '-');
}

/**
 * Typographic quotes and dashes, as the reference places them: single quotes first (opening at
 * a line start or after a dash, bracket or double quote; never after a space, so '90s and
 * rock 'n' roll keep apostrophes), then double quotes (opening at a line start or after a
 * space, dash, slash, bracket or opening single quote).
 */
export function smartypants(s: string): string {
  return s
    .replace(/--/g, '\u2014')
    .replace(/(^|[-\u2014(["])'/gm, '$1\u2018')
    .replace(/'/g, '\u2019')
    .replace(/(^|[-\u2014/([\u2018\s])"/g, '$1\u201c')
    .replace(/"/g, '\u201d');
}

export const textFormatters: FormatterTable = {
  // Any value is truncated as its text, as in the reference; a limit that is not a number
  // of at least 1 hands the value on untouched (a number stays a number, an array an array).
  truncate: (v, args) => {
    const max = args[0] === undefined ? DEFAULT_TRUNCATE_LENGTH : Number.parseInt(args[0], 10);
    return max >= 1 ? truncate(toText(v), max, args[1] ?? DEFAULT_ELLIPSIS) : v;
  },
  slugify: (v) => slugify(toText(v)),
  'url-encode': (v) => urlEncode(toText(v)),
  'encode-uri': (v) => encodeURI(toText(v)),
  'encode-uri-component': (v) => encodeURIComponent(toText(v)),
  // Every white-space character, as in the reference.
  'encode-space': (v) => toText(v).replace(/\s/g, '&nbsp;'),
  smartypants: (v) => smartypants(toText(v)),
  'line-breaks': (v) => toText(v).replace(/\r\n|\n|\r/g, '<br/>'),
  // `pluralize` → '' or 's'; `pluralize p` → '' or p; `pluralize s p` → s or p.
  pluralize: (v, args) => {
    // Text counts by its leading number ("1,234.5" and "1e3" are 1), as in the reference.
    const one = leadingNumber(v) === 1;
    const singular = args.length >= 2 ? (args[0] ?? '') : '';
    const plural = args.length >= 2 ? (args[1] ?? '') : (args[0] ?? 's');
    return one ? singular : plural;
  },
};
