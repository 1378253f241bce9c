import { describe, expect, it } from 'vitest';
import { readCrumbCookie } from './crumb.ts';

describe('readCrumbCookie', () => {
  it('reads the crumb cookie among others, decoded', () => {
    expect(readCrumbCookie('a=1; crumb=abc%3D%3D; b=2')).toBe('abc==');
    expect(readCrumbCookie('a=1')).toBeUndefined();
    expect(readCrumbCookie('')).toBeUndefined();
  });
});
