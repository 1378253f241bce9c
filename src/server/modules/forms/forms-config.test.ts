import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const base = {
  NODE_ENV: 'test',
  SESSION_SECRET: 'test-secret-that-is-long-enough-for-hmac',
  DATA_DIR: '/tmp/vitrine-forms-config',
};

describe('forms configuration', () => {
  it('defaults: request origin for links, ALTCHA cost 100000, no reCAPTCHA secret, the provider verify URL', () => {
    expect(loadConfig(base).publicUrl).toBeUndefined();
    expect(loadConfig(base).forms).toEqual({
      altchaMaxNumber: 100_000,
      recaptchaSecret: undefined,
      recaptchaVerifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
    });
  });

  it('reads PUBLIC_URL (trailing slash dropped), ALTCHA_MAX_NUMBER and the reCAPTCHA settings', () => {
    const config = loadConfig({
      ...base,
      PUBLIC_URL: 'https://shop.example.com/',
      ALTCHA_MAX_NUMBER: '300',
      RECAPTCHA_SECRET: 'secret',
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
    });
    expect(config.publicUrl).toBe('https://shop.example.com');
    expect(config.forms).toEqual({
      altchaMaxNumber: 300,
      recaptchaSecret: 'secret',
      recaptchaVerifyUrl: 'http://127.0.0.1:9/siteverify',
    });
  });

  it('names every bad forms variable', () => {
    expect(() =>
      loadConfig({
        ...base,
        PUBLIC_URL: 'shop.example.com/x',
        ALTCHA_MAX_NUMBER: '1',
        RECAPTCHA_VERIFY_URL: 'ftp://x',
      }),
    ).toThrow(ConfigError);
    const load = () =>
      loadConfig({ ...base, PUBLIC_URL: 'https://shop.example.com/path', ALTCHA_MAX_NUMBER: '1' });
    expect(load).toThrow(/PUBLIC_URL/);
    expect(load).toThrow(/ALTCHA_MAX_NUMBER/);
  });
});
