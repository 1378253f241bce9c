import { describe, expect, it } from 'vitest';
import {
  escapeLike,
  MAX_QUERY_LENGTH,
  MAX_SEARCH_PAGE,
  normalizeQuery,
  planSearch,
  searchPageNumber,
  textSearchConfig,
} from './search-query.ts';

describe('planSearch', () => {
  it('plans nothing for a missing, blank or non-text query', () => {
    expect(planSearch(undefined)).toEqual({ kind: 'empty' });
    expect(planSearch('   ')).toEqual({ kind: 'empty' });
    expect(planSearch({ q: 'x' })).toEqual({ kind: 'empty' });
  });

  it('uses full text from three characters on, with title patterns as well', () => {
    expect(planSearch('  linen   shirt ')).toEqual({
      kind: 'full-text',
      text: 'linen shirt',
      titlePrefix: 'linen shirt%',
      wordPrefix: '% linen shirt%',
    });
  });

  it('matches titles by prefix only below three characters (counted in characters, not bytes)', () => {
    expect(planSearch('li')).toMatchObject({ kind: 'prefix', text: 'li', titlePrefix: 'li%' });
    expect(planSearch('日本')).toMatchObject({ kind: 'prefix' });
    expect(planSearch('日本語')).toMatchObject({ kind: 'full-text' });
  });

  it('matches LIKE wildcards literally', () => {
    expect(planSearch('50%_off')).toMatchObject({ titlePrefix: '50\\%\\_off%' });
    expect(escapeLike('a\\b')).toBe('a\\\\b');
  });

  it('takes the first of repeated parameters and drops control characters', () => {
    expect(normalizeQuery(['mug', 'shirt'])).toBe('mug');
    expect(normalizeQuery('mug\u0000\nshirt')).toBe('mug shirt');
  });

  it(`cuts the query at ${MAX_QUERY_LENGTH} characters`, () => {
    expect(normalizeQuery('a'.repeat(500))).toHaveLength(MAX_QUERY_LENGTH);
  });
});

describe('searchPageNumber', () => {
  it('reads whole page numbers from 1 to the last page served', () => {
    expect(searchPageNumber('2')).toBe(2);
    expect(searchPageNumber(String(MAX_SEARCH_PAGE))).toBe(MAX_SEARCH_PAGE);
  });

  it.each([undefined, '', '0', '-1', '1.5', 'two', '101', '99999'])('reads %s as page 1', (raw) => {
    expect(searchPageNumber(raw)).toBe(1);
  });
});

describe('textSearchConfig', () => {
  it('stems English and leaves other languages unstemmed', () => {
    expect(textSearchConfig('en-US')).toBe('english');
    expect(textSearchConfig('en')).toBe('english');
    expect(textSearchConfig('de-DE')).toBe('simple');
    expect(textSearchConfig('eno')).toBe('simple');
  });
});
