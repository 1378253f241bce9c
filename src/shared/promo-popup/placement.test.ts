import { describe, expect, it } from 'vitest';
import { normalizePagePath, popupShownOn } from './placement.ts';

describe('where the promotional popup appears', () => {
  it('on every page a visitor browses, for "all"', () => {
    for (const [type, path] of [
      [1, '/shop'],
      [2, '/contact'],
      [50, '/shop/p/linen-shirt'],
      [102, '/search'],
      [1, '/'],
    ] as const)
      expect(popupShownOn('all', type, path), path).toBe(true);
  });

  it('never on the lock screen, cart, checkout, order, error or unsubscribe pages', () => {
    for (const type of [100, 101, 103, 105, 106, 200, 201, 202, 205, 206, 207, 208, 300, 301])
      expect(popupShownOn('all', type, '/'), String(type)).toBe(false);
  });

  it('on the home page only, for "home"', () => {
    expect(popupShownOn('home', 1, '/')).toBe(true);
    expect(popupShownOn('home', 2, '/contact')).toBe(false);
  });

  it('on the listed paths, with "/x/*" for everything under /x', () => {
    const pages = ['/contact/', '/shop/*'];
    expect(popupShownOn(pages, 2, '/contact')).toBe(true);
    expect(popupShownOn(pages, 2, '/contact/')).toBe(true);
    expect(popupShownOn(pages, 2, '/contact-us')).toBe(false);
    expect(popupShownOn(pages, 1, '/shop')).toBe(true);
    expect(popupShownOn(pages, 50, '/shop/p/linen-shirt')).toBe(true);
    expect(popupShownOn(pages, 1, '/shopping')).toBe(false);
    expect(popupShownOn(pages, 1, '/')).toBe(false);
    expect(popupShownOn(['/*'], 2, '/anything')).toBe(true);
  });

  it('treats a trailing slash as the same page', () => {
    expect(normalizePagePath('/shop/')).toBe('/shop');
    expect(normalizePagePath('/')).toBe('/');
    expect(normalizePagePath('')).toBe('/');
  });
});
