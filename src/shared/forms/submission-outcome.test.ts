import { describe, expect, it } from 'vitest';
import { submissionFailure } from './submission-outcome.ts';

describe('submissionFailure (docs/behaviour/forms-and-captcha.md#messages)', () => {
  it('puts a 400’s per-field messages above their fields', () => {
    expect(
      submissionFailure(400, {
        error: { code: 'VALIDATION_FAILED', message: 'x', fields: { email: 'Required', n: 3 } },
      }),
    ).toEqual({
      message: 'One or more fields is invalid, please check your entries.',
      fieldErrors: { email: 'Required' },
    });
  });

  it('shows an unparseable form as the form’s message', () => {
    const message = 'Could not parse the form fields, please check your entries.';
    expect(submissionFailure(400, { error: { fields: { form: message } } })).toEqual({
      message,
      fieldErrors: {},
    });
  });

  it.each([
    [401, 'Unable to submit form. Please try again later.'],
    [404, 'This form has not been configured yet.'],
    [429, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
    [500, 'Unable to send form. Please try again later.'],
  ])('answers %i with its fixed message', (status, message) => {
    expect(submissionFailure(status, { error: { message: 'server text' } })).toEqual({
      message,
      fieldErrors: {},
    });
  });

  it('shows another status’s error text, else the generic message', () => {
    expect(submissionFailure(403, { error: { message: 'Your session expired.' } }).message).toBe(
      'Your session expired.',
    );
    expect(submissionFailure(418, { error: 'Short and stout' }).message).toBe('Short and stout');
    expect(submissionFailure(502, undefined).message).toBe(
      'Unknown error, please try again later.',
    );
    expect(submissionFailure(400, { error: { message: ' ' } }).message).toBe(
      'Unknown error, please try again later.',
    );
  });
});
