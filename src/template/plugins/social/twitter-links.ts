// `activate-twitter-links`: web addresses, @names and #tags in text become links. The text
// around them is escaped (docs/adr/002, `twitter-links-escaped`); the reference prints it raw.
import { escapeAttr, escapeHtml } from '../core/escape.ts';

/**
 * An address with a scheme the reference links (its last character no closing punctuation),
 * or an @name or #tag at the start or after a plain space. A name running into `://` is the
 * scheme of an address, which wins. A backslash may end an address but not run on in one, as
 * in the reference: `http://x.com/a\"b` (JSON text with an escaped quote) links `http://x.com/a\`.
 */
const LINKS =
  /\b(?:https?|ftp|file):\/\/[-A-Z0-9+&@#/%?=~_|!:,.;]*[-A-Z0-9+&@#/%=~_|\\]|(?<![^ ])([@#])(\w+)(?!\w|:\/\/)/gi;

/** How the text and the addresses are written into the HTML. */
export interface LinkEscaping {
  text: (s: string) => string;
  attr: (s: string) => string;
}

const ESCAPED: LinkEscaping = { text: escapeHtml, attr: escapeAttr };

/** The reference's output, used to explain differences: everything as it was written. */
export const UNESCAPED: LinkEscaping = { text: (s) => s, attr: (s) => s };

const link = (href: string, text: string, escape: LinkEscaping): string =>
  `<a target="new" href="${escape.attr(href)}">${escape.text(text)}</a>`;

export function activateTwitterLinks(s: string, escape: LinkEscaping = ESCAPED): string {
  let out = '';
  let at = 0;
  for (const m of s.matchAll(LINKS)) {
    out += escape.text(s.slice(at, m.index));
    const [whole, sigil, name] = m;
    if (sigil === '@' && name !== undefined)
      out += link(`https://twitter.com/${name}/`, whole, escape);
    else if (sigil === '#' && name !== undefined)
      out += link(`https://twitter.com/hashtag/${name}?src=hash`, whole, escape);
    else out += link(whole, whole, escape);
    at = m.index + whole.length;
  }
  return out + escape.text(s.slice(at));
}
