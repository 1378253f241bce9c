/** What other modules and the composition root use of the captcha module. */
export { registerCaptchaRoutes } from './routes.ts';
export {
  formNeedsCaptcha,
  recaptchaSecretNotice,
  verifyCaptcha,
  type CaptchaConfig,
} from './verify.ts';
export { altchaHmacKey } from './altcha.ts';
