import { describe, expect, it } from 'vitest';
import { BROWSER_MESSAGES } from './browser-messages.ts';
import { ERRORS, type ErrorCode } from './errors.ts';

describe('BROWSER_MESSAGES', () => {
  it('words each message as the error catalog does', () => {
    const codes = Object.keys(BROWSER_MESSAGES) as (keyof typeof BROWSER_MESSAGES & ErrorCode)[];
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) expect(BROWSER_MESSAGES[code], code).toBe(ERRORS[code].message);
  });
});
