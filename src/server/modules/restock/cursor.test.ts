import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors.ts';
import { decodeGroupCursor, decodeSignUpCursor, encodeCursor } from './cursor.ts';

describe('restock list cursors', () => {
  it('round-trip as base64url tokens', () => {
    const group = encodeCursor(['linen-shirt', 'linen-shirt-l-sand']);
    expect(group).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeGroupCursor(group)).toEqual({
      productId: 'linen-shirt',
      variantId: 'linen-shirt-l-sand',
    });
    expect(decodeSignUpCursor(encodeCursor([42]))).toBe(42);
  });

  it.each([
    ['garbage'],
    ['eyJ9'],
    [encodeCursor([1, 2])],
    [encodeCursor(['a'])],
    [Buffer.from('[2,5]').toString('base64url')],
  ])('refuses %s as a 400 naming the cursor', (cursor) => {
    let caught: unknown;
    try {
      decodeSignUpCursor(cursor);
      decodeGroupCursor(cursor);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).fields).toEqual({ cursor: 'Not a cursor from this list' });
  });

  it('refuses a sign-up cursor that is not a whole number', () => {
    expect(() => decodeSignUpCursor(encodeCursor([1.5]))).toThrow(AppError);
    expect(() => decodeSignUpCursor(encodeCursor([-1]))).toThrow(AppError);
    expect(() => decodeGroupCursor(encodeCursor(['a', 'b', 'c']))).toThrow(AppError);
  });
});
