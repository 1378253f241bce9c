import { describe, expect, it } from 'vitest';
import { restockSignupOutcome } from './signup-answer.ts';

describe('restockSignupOutcome', () => {
  it('is a success on 200', () => {
    expect(restockSignupOutcome(200, { data: { signedUp: true } })).toEqual({ ok: true });
  });

  it("shows the server's data.message", () => {
    const body = {
      error: { code: 'RESTOCK_EMAIL_INVALID', message: 'Email is invalid' },
      data: { message: 'Email is invalid' },
    };
    expect(restockSignupOutcome(400, body)).toEqual({ ok: false, message: 'Email is invalid' });
  });

  it('falls back to the catalog error message', () => {
    expect(restockSignupOutcome(409, { error: { message: 'Back in stock' } })).toEqual({
      ok: false,
      message: 'Back in stock',
    });
  });

  it("says 'Please try again in a few seconds.' for a bare 429", () => {
    expect(restockSignupOutcome(429, null)).toEqual({
      ok: false,
      message: 'Please try again in a few seconds.',
    });
  });

  it('has a generic message when nothing came back', () => {
    expect(restockSignupOutcome(0, null)).toEqual({
      ok: false,
      message: 'Unknown error, please try again later.',
    });
    expect(restockSignupOutcome(500, { data: { message: ' ' } })).toEqual({
      ok: false,
      message: 'Unknown error, please try again later.',
    });
  });
});
