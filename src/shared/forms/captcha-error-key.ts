/**
 * The error-map key of a form's captcha: SaveFormSubmission reports an incomplete captcha under
 * it in its 400 (it is not a field of the form), and the form shows that message by the captcha.
 */
export const CAPTCHA_ERROR_KEY = 'captcha';
