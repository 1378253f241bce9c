import { describe, expect, it } from 'vitest';
import { parseDisclaimer } from './disclaimer.ts';

describe('parseDisclaimer (parsedDisclaimerMessage)', () => {
  it('makes paragraphs and line breaks of plain text', () => {
    expect(parseDisclaimer('First line\nsecond line\n\nNext paragraph')).toBe(
      '<p>First line<br>second line</p><p>Next paragraph</p>',
    );
  });

  it('links [text](url) for site paths, http(s) and mailto only', () => {
    expect(parseDisclaimer('See [our notice](/privacy) or [mail](mailto:a@b.co).')).toBe(
      '<p>See <a href="/privacy">our notice</a> or <a href="mailto:a@b.co">mail</a>.</p>',
    );
    expect(parseDisclaimer('[x](javascript:alert(1))')).toBe('<p>[x](javascript:alert(1))</p>');
    expect(parseDisclaimer('[x](//evil.example)')).toBe('<p>[x](//evil.example)</p>');
  });

  it('escapes markup, and is absent for empty text', () => {
    expect(parseDisclaimer('<script>alert(1)</script> & "q"')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;</p>',
    );
    expect(parseDisclaimer(undefined)).toBeUndefined();
    expect(parseDisclaimer('  \n ')).toBeUndefined();
  });
});
