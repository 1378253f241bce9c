/**
 * Reviews are plain text (docs/behaviour/api-and-data-rules.md#visitor-text): the importer strips reviewers' markup before storage,
 * and the API strips again on the way out so a row written by any other path (a script, an
 * older import) still never hands markup to a client. Clients escape it as text on top.
 */

// A tag starts with "<" and a letter, "/", "!" or "?": "5 < 6 and 7 > 3" stays as text.
// Comments go first so a "<!-- <b> -->" is removed whole. An unterminated "<script" at the end
// is cut too: it would otherwise become a tag once something is appended after it.
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<[A-Za-z/!?][^>]*(?:>|$)/g;

/** Removes HTML tags and comments; repeats until stable so "<<b>script>" cannot reassemble. */
export function stripMarkup(text: string): string {
  let current = text;
  for (let round = 0; round < 10; round += 1) {
    const next = current.replace(MARKUP, '');
    if (next === current) break;
    current = next;
  }
  return current;
}

/** A review's text as clients may show it: no markup, surrounding whitespace trimmed. */
export function plainReviewText(text: string): string {
  return stripMarkup(text).trim();
}
