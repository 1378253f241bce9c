import { describe, expect, it } from 'vitest';
import { checkRestockEmail, normalizeRestockEmail } from './email.ts';
import { RESTOCK_MESSAGES } from './messages.ts';

describe('restock form messages (docs/behaviour/restock.md#messages)', () => {
  it('are the spec wording', () => {
    expect(RESTOCK_MESSAGES).toEqual({
      emailBlank: 'Email cannot be blank',
      emailInvalid: 'Email is invalid',
      captchaIncomplete: 'Complete CAPTCHA before submitting.',
    });
  });
});

describe('checkRestockEmail', () => {
  it.each([[''], ['   '], [undefined], [null]])("says 'Email cannot be blank' for %o", (email) => {
    expect(checkRestockEmail(email)).toEqual({
      ok: false,
      reason: 'blank',
      message: 'Email cannot be blank',
    });
  });

  it.each([
    ['ann'],
    ['ann@'],
    ['@x.com'],
    ['ann@x'],
    ['ann@x.c'],
    ['ann@x.commmm'],
    ['a b@x.com'],
    [42],
    [`${'a'.repeat(260)}@x.com`],
  ])("says 'Email is invalid' for %o", (email) => {
    expect(checkRestockEmail(email)).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Email is invalid',
    });
  });

  it('accepts a valid address, trimmed and lower-cased', () => {
    expect(checkRestockEmail('  Ann.Lee@Example.COM ')).toEqual({
      ok: true,
      email: 'ann.lee@example.com',
    });
    expect(normalizeRestockEmail(' A@B.co ')).toBe('a@b.co');
  });
});
