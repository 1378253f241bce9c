/**
 * reCAPTCHA with no RECAPTCHA_SECRET: production refuses the form with a clear error and says
 * why at start-up; development and tests accept a present answer unverified and say so.
 */
import { describe, expect, it } from 'vitest';
import { AppError, ERRORS } from '../../../shared/errors.ts';
import { formSiteSettingsSchema } from '../../../shared/forms/site-settings.ts';
import type { AppDb } from '../../db/index.ts';
import { captchaConfig } from '../forms/routes.ts';
import { loadConfig } from '../../config.ts';
import { recaptchaSecretNotice, verifyCaptcha, type CaptchaConfig } from './verify.ts';

const settings = formSiteSettingsSchema.parse({
  captchaSettings: { siteKey: 'recaptcha-site-key', provider: 'recaptcha' },
});
// The reCAPTCHA path never touches the database.
const noDb = {} as AppDb;

function config(production: boolean, recaptchaSecret?: string): CaptchaConfig {
  return {
    altchaHmacKey: 'k',
    altchaMaxNumber: 1000,
    recaptchaSecret,
    recaptchaVerifyUrl: 'http://127.0.0.1:9/siteverify',
    production,
  };
}

describe('reCAPTCHA without a secret', () => {
  it('refuses the form in production, with a clear message', async () => {
    const attempt = verifyCaptcha(noDb, config(true), settings, 'any-token', '127.0.0.1');
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'CAPTCHA_UNVERIFIABLE' });
    expect(ERRORS.CAPTCHA_UNVERIFIABLE).toEqual({
      status: 503,
      message: 'This form cannot check its CAPTCHA right now. Please try again later.',
    });
    expect(recaptchaSecretNotice(config(true))).toMatch(/refused until it is set/);
  });

  it('accepts a present answer unverified elsewhere, and the log says so', async () => {
    await expect(
      verifyCaptcha(noDb, config(false), settings, 'any-token', '127.0.0.1'),
    ).resolves.toBe(true);
    await expect(verifyCaptcha(noDb, config(false), settings, ' ', '127.0.0.1')).resolves.toBe(
      false,
    );
    expect(recaptchaSecretNotice(config(false))).toMatch(
      /accepted unverified \(development only\)/,
    );
    expect(recaptchaSecretNotice(config(true, 'secret'))).toBeUndefined();
  });

  it('is production exactly when NODE_ENV is production', () => {
    const base = {
      SESSION_SECRET: 'test-secret-that-is-long-enough-for-hmac',
      DATA_DIR: '/tmp/v',
      // Production refuses the test payment provider unless a demo store says it is one.
      ALLOW_TEST_PAYMENTS: 'true',
    };
    expect(captchaConfig(loadConfig({ ...base, NODE_ENV: 'production' })).production).toBe(true);
    expect(captchaConfig(loadConfig({ ...base, NODE_ENV: 'development' })).production).toBe(false);
  });
});
