import { describe, expect, it } from 'vitest';
import { plainReviewText, stripMarkup } from './plain-text.ts';

describe('stripMarkup', () => {
  it('removes tags and comments, keeps the words', () => {
    expect(stripMarkup('<b>Great</b> shirt<br/>!')).toBe('Great shirt!');
    expect(stripMarkup('<img src=x onerror="alert(1)">Nice')).toBe('Nice');
    expect(stripMarkup('a<!-- <script>alert(1)</script> -->b')).toBe('ab');
    expect(stripMarkup('<?xml version="1.0"?>ok')).toBe('ok');
  });

  it('keeps comparisons that are not tags', () => {
    expect(stripMarkup('5 < 6 and 7 > 3')).toBe('5 < 6 and 7 > 3');
    expect(stripMarkup('I <3 it')).toBe('I <3 it');
  });

  it('cannot be tricked into reassembling a tag', () => {
    expect(stripMarkup('<<b>script>alert(1)<</b>/script>')).not.toMatch(/<[A-Za-z/]/);
    expect(stripMarkup('fine <script src=//evil')).toBe('fine ');
    expect(stripMarkup('x <!-- never closed')).toBe('x ');
  });
});

describe('plainReviewText', () => {
  it('strips and trims', () => {
    expect(plainReviewText('  <p>Soft linen.</p>  ')).toBe('Soft linen.');
  });
});
