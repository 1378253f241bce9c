/**
 * Every user-facing form message, worded exactly as the specs have them (platform.md §5 and §8,
 * storefront.md §5). Tests assert each string.
 */

/**
 * The example address that fills `{email}` in the email message. The spec leaves the
 * placeholder open; we show a fixed, obviously fictional address of the documentation domain
 * (RFC 2606) rather than echoing the visitor's own text back into the message.
 */
export const EMAIL_FORMAT_EXAMPLE = 'name@example.com';

export const FORM_MESSAGES = {
  /**
   * An empty required field. storefront.md §5 words it 'Required' for extra-field forms;
   * platform.md gives page forms no wording of their own, so page forms use the same one.
   */
  required: 'Required',
  maxLength: 'You have exceeded the character limit.',
  email: `Email is not valid. Email addresses should follow the format ${EMAIL_FORMAT_EXAMPLE}.`,
  /** A value whose shape does not fit its field type (platform.md §8 'Other form messages'). */
  unparseable: 'Could not parse the form fields, please check your entries.',
  /** Shown above the form when any field fails (platform.md §5). */
  invalid: 'One or more fields is invalid, please check your entries.',
  captchaIncomplete: 'Complete CAPTCHA before submitting.',
  noSubmissionKey: 'Could not get a form submission key, please try again later.',
  processingError: 'Error processing form submission. Please reload and try again.',
  problemAbove: 'Your form has encountered a problem. Please scroll down to review.',
  problemBelow: 'Your form has encountered a problem. Please scroll up to review.',
  /** Status answers of SaveFormSubmission (platform.md §8). */
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  serverError: 'Unable to send form. Please try again later.',
  unknownError: 'Unknown error, please try again later.',
  submitting: 'Submitting…',
} as const;

/** A chosen value that is not among the field's options (platform.md §5 interface messages). */
export function notAnOptionMessage(value: string): string {
  return `${value} is not one of the expected options`;
}

/** The wording of the email message's template, for readers that fill `{email}` themselves. */
export const EMAIL_MESSAGE_TEMPLATE =
  'Email is not valid. Email addresses should follow the format {email}.';
