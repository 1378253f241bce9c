import { describe, expect, it } from 'vitest';
import { newCartToken, sumQuantities } from './cart-locks.ts';

describe('newCartToken', () => {
  it('makes 32 URL-safe characters, the shape the cart cookie reader accepts, never twice the same', () => {
    const tokens = new Set(Array.from({ length: 100 }, newCartToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});

describe('sumQuantities', () => {
  it('adds the quantities of entries (0 for none)', () => {
    expect(sumQuantities([])).toBe(0);
    expect(sumQuantities([{ quantity: 2 }, { quantity: 5 }])).toBe(7);
  });
});
