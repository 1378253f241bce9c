/**
 * Turning what a visitor typed into `/search?q=` into a search plan: pure, so every rule is
 * unit-tested. Longer terms go to PostgreSQL full text (websearch syntax: "quoted phrases",
 * -exclusions, or), with a title match as well; terms too short for full text match titles by
 * prefix only. LIKE wildcards the visitor typed are matched literally.
 */

/** Results per page of /search. */
export const SEARCH_PAGE_SIZE = 10;
/** Longer queries are cut: nobody types more, and the cost stays bounded. */
export const MAX_QUERY_LENGTH = 200;
/** Terms shorter than this match titles by prefix only (full text ignores 1–2 letter words). */
export const MIN_FULL_TEXT_LENGTH = 3;
/** Pages past this are not served: a search that needs them needs better words. */
export const MAX_SEARCH_PAGE = 100;

export type SearchPlan =
  | { readonly kind: 'empty' }
  | {
      readonly kind: 'full-text' | 'prefix';
      /** The query as searched: trimmed, spaces collapsed, cut to MAX_QUERY_LENGTH. */
      readonly text: string;
      /** ILIKE pattern matching titles that start with the text. */
      readonly titlePrefix: string;
      /** ILIKE pattern matching titles with a word starting with the text. */
      readonly wordPrefix: string;
    };

/** Escapes LIKE's wildcards (`%`, `_`) and its escape character, for `ILIKE … ESCAPE '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Normalises the raw `q` parameter (a repeated parameter counts by its first value). */
export function normalizeQuery(raw: unknown): string {
  const first = Array.isArray(raw) ? (raw[0] as unknown) : raw;
  if (typeof first !== 'string') return '';
  // Control characters never mean anything in a search box.
  const cleaned = first
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(cleaned).slice(0, MAX_QUERY_LENGTH).join('').trim();
}

export function planSearch(raw: unknown): SearchPlan {
  const text = normalizeQuery(raw);
  if (text === '') return { kind: 'empty' };
  const escaped = escapeLike(text);
  return {
    kind: Array.from(text).length < MIN_FULL_TEXT_LENGTH ? 'prefix' : 'full-text',
    text,
    titlePrefix: `${escaped}%`,
    wordPrefix: `% ${escaped}%`,
  };
}

/** The page asked for: a whole number from 1 to MAX_SEARCH_PAGE; anything else is page 1. */
export function searchPageNumber(raw: unknown): number {
  const first = Array.isArray(raw) ? (raw[0] as unknown) : raw;
  if (typeof first !== 'string' || !/^\d{1,3}$/.test(first)) return 1;
  const page = Number(first);
  return page >= 1 && page <= MAX_SEARCH_PAGE ? page : 1;
}

/**
 * The PostgreSQL text-search configuration for a site language: English stemming for English
 * sites ("shirts" finds "shirt"); `simple` (no stemming, no stop words) for every other language.
 */
export function textSearchConfig(language: string): 'english' | 'simple' {
  return /^en(?:-|$)/i.test(language) ? 'english' : 'simple';
}
