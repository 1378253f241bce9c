/**
 * One captcha check for every form: whether a form asks for a captcha, and whether the answer
 * passes. Page forms ask when the site's captcha is on (captchaSettings.siteKey set) and the
 * form's captchaEnabled is true.
 */
import { AppError } from '../../../shared/errors.ts';
import { siteCaptcha, type FormSiteSettings } from '../../../shared/forms/index.ts';
import type { AppDb, AppTx } from '../../db/index.ts';
import { verifyAltchaOnce } from './altcha.ts';
import { verifyRecaptcha } from './recaptcha.ts';

export interface CaptchaConfig {
  readonly altchaHmacKey: string;
  readonly altchaMaxNumber: number;
  readonly recaptchaSecret: string | undefined;
  readonly recaptchaVerifyUrl: string;
  /**
   * Production: a reCAPTCHA answer that cannot be checked (no secret) is refused. Elsewhere
   * (development, tests) it only has to be present, and the start-up log says so.
   */
  readonly production: boolean;
}

/** What the start-up log says of reCAPTCHA verification when RECAPTCHA_SECRET is unset. */
export function recaptchaSecretNotice(config: CaptchaConfig): string | undefined {
  if (config.recaptchaSecret !== undefined) return undefined;
  return config.production
    ? 'RECAPTCHA_SECRET is unset: forms of sites that use reCAPTCHA are refused until it is set'
    : 'RECAPTCHA_SECRET is unset: reCAPTCHA answers are accepted unverified (development only)';
}

export function formNeedsCaptcha(
  settings: FormSiteSettings,
  captchaEnabled: boolean | undefined,
): boolean {
  return siteCaptcha(settings).on && captchaEnabled === true;
}

/**
 * True when the answer passes the site's provider. Without a reCAPTCHA secret the provider
 * cannot be asked: in production the form is refused (CAPTCHA_UNVERIFIABLE, 503), elsewhere a
 * reCAPTCHA answer only has to be present (docs/configuration.md: RECAPTCHA_SECRET).
 */
export async function verifyCaptcha(
  db: AppDb | AppTx,
  config: CaptchaConfig,
  settings: FormSiteSettings,
  captchaKey: string | undefined,
  remoteIp: string,
): Promise<boolean> {
  if (captchaKey === undefined || captchaKey.trim() === '') return false;
  if (siteCaptcha(settings).provider === 'recaptcha') {
    if (config.recaptchaSecret === undefined) {
      if (config.production) throw new AppError('CAPTCHA_UNVERIFIABLE');
      return true;
    }
    return verifyRecaptcha(
      { secret: config.recaptchaSecret, verifyUrl: config.recaptchaVerifyUrl },
      captchaKey,
      remoteIp,
    );
  }
  return verifyAltchaOnce(db, config.altchaHmacKey, captchaKey);
}
