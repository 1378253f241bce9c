import { describe, expect, it } from 'vitest';
import { validateOutcome } from './validate-answer.ts';

describe('validateOutcome', () => {
  it('treats 200 as valid', () => {
    expect(validateOutcome(200, { valid: true })).toEqual({ kind: 'valid' });
  });

  it('reads the messages keyed by field id from a 400', () => {
    const body = {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'One or more fields is invalid, please check your entries.',
        fields: { initials: 'Required', bad: 3 },
      },
    };
    expect(validateOutcome(400, body)).toEqual({
      kind: 'fields',
      errors: { initials: 'Required' },
    });
  });

  it("shows the server's message when no field is named", () => {
    const body = {
      error: { code: 'FORM_NOT_CONFIGURED', message: 'This form has not been configured yet.' },
    };
    expect(validateOutcome(404, body)).toEqual({
      kind: 'failed',
      message: 'This form has not been configured yet.',
    });
  });

  it("answers 429 with 'Please try again in a few seconds.'", () => {
    expect(validateOutcome(429, null)).toEqual({
      kind: 'failed',
      message: 'Please try again in a few seconds.',
    });
  });

  it('falls back to the unknown-error message without a readable body (offline: status 0)', () => {
    expect(validateOutcome(0, null)).toEqual({
      kind: 'failed',
      message: 'Unknown error, please try again later.',
    });
    expect(validateOutcome(502, '<html>')).toEqual({
      kind: 'failed',
      message: 'Unknown error, please try again later.',
    });
  });
});
