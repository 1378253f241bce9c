import { describe, expect, it } from 'vitest';
import {
  EMAIL_FORMAT_EXAMPLE,
  EMAIL_MESSAGE_TEMPLATE,
  FORM_MESSAGES,
  notAnOptionMessage,
} from './messages.ts';

describe('form messages (docs/behaviour/forms-and-captcha.md#validation; docs/behaviour/forms-and-captcha.md#extra-field-forms)', () => {
  it('words every message exactly as the specs do', () => {
    expect(FORM_MESSAGES).toEqual({
      required: 'Required',
      maxLength: 'You have exceeded the character limit.',
      email: 'Email is not valid. Email addresses should follow the format name@example.com.',
      unparseable: 'Could not parse the form fields, please check your entries.',
      invalid: 'One or more fields is invalid, please check your entries.',
      captchaIncomplete: 'Complete CAPTCHA before submitting.',
      noSubmissionKey: 'Could not get a form submission key, please try again later.',
      processingError: 'Error processing form submission. Please reload and try again.',
      problemAbove: 'Your form has encountered a problem. Please scroll down to review.',
      problemBelow: 'Your form has encountered a problem. Please scroll up to review.',
      unauthorized: 'Unable to submit form. Please try again later.',
      notConfigured: 'This form has not been configured yet.',
      rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
      serverError: 'Unable to send form. Please try again later.',
      unknownError: 'Unknown error, please try again later.',
      submitting: 'Submitting…',
    });
  });

  it('fills {email} in the spec template with the fixed example address', () => {
    expect(EMAIL_FORMAT_EXAMPLE).toBe('name@example.com');
    expect(EMAIL_MESSAGE_TEMPLATE.replace('{email}', EMAIL_FORMAT_EXAMPLE)).toBe(
      FORM_MESSAGES.email,
    );
  });

  it('names the stray value in the options message', () => {
    expect(notAnOptionMessage('Maybe')).toBe('Maybe is not one of the expected options');
  });
});
