/**
 * The captcha client's own messages (docs/behaviour/forms-and-captcha.md#captcha), the same for either provider:
 * asking a client for its answer or to reset before it rendered, and a render failure (logged).
 */
export const CAPTCHA_MESSAGES = {
  notSetUp: 'ReCaptcha has not been set up!',
  renderFailed: 'Error rendering captcha into node',
} as const;
