/**
 * Every user-facing form message, worded exactly as the specs have them (docs/behaviour/forms-and-captcha.md#validation,
 * docs/behaviour/forms-and-captcha.md#extra-field-forms). Tests assert each string.
 */

/**
 * The example address that fills `{email}` in the email message. The spec leaves the
 * placeholder open; we show a fixed, obviously fictional address of the documentation domain
 * (RFC 2606) rather than echoing the visitor's own text back into the message.
 */
export const EMAIL_FORMAT_EXAMPLE = 'name@example.com';

export const FORM_MESSAGES = {
  /**
   * An empty required field: 'Required' is the extra-field forms' wording; page forms have none of
   * their own, so they use the same one (docs/behaviour/forms-and-captcha.md#validation).
   */
  required: 'Required',
  maxLength: 'You have exceeded the character limit.',
  email: `Email is not valid. Email addresses should follow the format ${EMAIL_FORMAT_EXAMPLE}.`,
  /** A value whose shape does not fit its field type (docs/behaviour/forms-and-captcha.md#messages). */
  unparseable: 'Could not parse the form fields, please check your entries.',
  /** Shown above the form when any field fails (docs/behaviour/forms-and-captcha.md#validation). */
  invalid: 'One or more fields is invalid, please check your entries.',
  captchaIncomplete: 'Complete CAPTCHA before submitting.',
  noSubmissionKey: 'Could not get a form submission key, please try again later.',
  processingError: 'Error processing form submission. Please reload and try again.',
  problemAbove: 'Your form has encountered a problem. Please scroll down to review.',
  problemBelow: 'Your form has encountered a problem. Please scroll up to review.',
  /** Status answers of SaveFormSubmission (docs/behaviour/forms-and-captcha.md#messages). */
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  serverError: 'Unable to send form. Please try again later.',
  unknownError: 'Unknown error, please try again later.',
  submitting: 'Submitting…',
} as const;

/** A chosen value that is not among the field's options (docs/behaviour/forms-and-captcha.md#messages). */
export function notAnOptionMessage(value: string): string {
  return `${value} is not one of the expected options`;
}

/** The wording of the email message's template, for readers that fill `{email}` themselves. */
export const EMAIL_MESSAGE_TEMPLATE =
  'Email is not valid. Email addresses should follow the format {email}.';
