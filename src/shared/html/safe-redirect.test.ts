import { describe, expect, it } from 'vitest';
import { allowedRedirect, sameSitePath } from './safe-redirect.ts';

describe('sameSitePath', () => {
  it.each([
    ['/thanks', '/thanks'],
    ['/shop/p/linen-shirt?variant=v1#top', '/shop/p/linen-shirt?variant=v1#top'],
    ['/a/../b', '/b'],
  ])('keeps %s', (value, expected) => {
    expect(sameSitePath(value)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    'thanks',
    '//evil.example/x',
    '/\\evil.example',
    '/\\/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    ' /thanks',
  ])('refuses %s', (value) => {
    expect(sameSitePath(value)).toBeUndefined();
  });
});

describe('allowedRedirect', () => {
  const hosts = ['partner.example', 'Shop.Example.com'];

  it('allows paths and the listed hosts, whatever their case', () => {
    expect(allowedRedirect('/thanks', [])).toBe('/thanks');
    expect(allowedRedirect('https://PARTNER.example/welcome', hosts)).toBe(
      'https://partner.example/welcome',
    );
    expect(allowedRedirect('http://shop.example.com', hosts)).toBe('http://shop.example.com/');
  });

  it.each([
    'https://evil.example/',
    'https://partner.example.evil.example/',
    'https://evil.example@partner.example/',
    'https://partner.example:secret@partner.example/',
    'ftp://partner.example/',
    'javascript://partner.example/%0Aalert(1)',
    'data:text/html,hi',
    '//partner.example/',
  ])('refuses %s', (value) => {
    expect(allowedRedirect(value, hosts)).toBeUndefined();
  });
});
