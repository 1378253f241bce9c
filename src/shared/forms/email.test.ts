import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH, isValidEmail } from './email.ts';

describe('isValidEmail (docs/behaviour/forms-and-captcha.md#validation)', () => {
  it('uses the spec limits of 3 to 256 characters', () => {
    expect(EMAIL_MIN_LENGTH).toBe(3);
    expect(EMAIL_MAX_LENGTH).toBe(256);
  });

  it.each(['ann@example.com', 'a.b+c@mail.example.co.uk', 'x@y.info', 'ü@bücher.de'])(
    'accepts %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );

  it.each([
    ['no @', 'example.com'],
    ['no domain dot', 'ann@example'],
    ['top-level part of 1', 'ann@example.c'],
    ['top-level part of 5', 'ann@example.comco'],
    ['two @', 'a@b@example.com'],
    ['whitespace', 'ann smith@example.com'],
    ['empty user', '@example.com'],
    ['empty label', 'ann@.com'],
  ])('rejects %s', (_why, email) => expect(isValidEmail(email)).toBe(false));

  it('rejects addresses longer than 256 characters and accepts exactly 256', () => {
    const domain = '@example.com';
    expect(isValidEmail('a'.repeat(256 - domain.length) + domain)).toBe(true);
    expect(isValidEmail('a'.repeat(257 - domain.length) + domain)).toBe(false);
  });
});
