/** The restock form's messages (docs/behaviour/restock.md#messages), exactly as the spec words them. */
export const RESTOCK_MESSAGES = {
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  captchaIncomplete: 'Complete CAPTCHA before submitting.',
} as const;
