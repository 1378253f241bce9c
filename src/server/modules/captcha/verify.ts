/**
 * One captcha check for every form: whether a form asks for a captcha, and whether the answer
 * passes. Page forms ask when the site's captcha is on (captchaSettings.siteKey set) and the
 * form's captchaEnabled is true.
 */
import { siteCaptcha, type FormSiteSettings } from '../../../shared/forms/index.ts';
import type { AppDb, AppTx } from '../../db/index.ts';
import { verifyAltchaOnce } from './altcha.ts';
import { verifyRecaptcha } from './recaptcha.ts';

export interface CaptchaConfig {
  readonly altchaHmacKey: string;
  readonly altchaMaxNumber: number;
  readonly recaptchaSecret: string | undefined;
  readonly recaptchaVerifyUrl: string;
}

export function formNeedsCaptcha(
  settings: FormSiteSettings,
  captchaEnabled: boolean | undefined,
): boolean {
  return siteCaptcha(settings).on && captchaEnabled === true;
}

/**
 * True when the answer passes the site's provider. Without a reCAPTCHA secret the provider
 * cannot be asked, so a reCAPTCHA answer only has to be present (README: RECAPTCHA_SECRET).
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
    if (config.recaptchaSecret === undefined) return true;
    return verifyRecaptcha(
      { secret: config.recaptchaSecret, verifyUrl: config.recaptchaVerifyUrl },
      captchaKey,
      remoteIp,
    );
  }
  return verifyAltchaOnce(db, config.altchaHmacKey, captchaKey);
}
