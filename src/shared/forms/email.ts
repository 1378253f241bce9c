/**
 * The email rule of docs/behaviour/forms-and-captcha.md#validation: 3 to 256 characters, the form user@domain, and a top-level
 * part of 2 to 4 characters. Deliberately no stricter than that: the spec fixes the rule, and
 * the server and the browser must agree on it exactly.
 */

export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;

// user: no whitespace and no "@"; domain: dot-separated labels with no whitespace or "@";
// top-level part: 2–4 characters that are not whitespace, "@" or ".".
const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,4}$/u;

export function isValidEmail(text: string): boolean {
  const length = [...text].length;
  if (length < EMAIL_MIN_LENGTH || length > EMAIL_MAX_LENGTH) return false;
  return EMAIL_PATTERN.test(text);
}
