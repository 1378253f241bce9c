import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = {
  NODE_ENV: 'test',
  DATA_DIR: '/tmp/vitrine-config-smtp',
  SESSION_SECRET: 'x'.repeat(32),
};

describe('SMTP_URL', () => {
  it('is optional: unset (or empty) leaves mail in the outbox', () => {
    expect(loadConfig(base).smtpUrl).toBeUndefined();
    expect(loadConfig({ ...base, SMTP_URL: '' }).smtpUrl).toBeUndefined();
  });

  it('takes smtp:// and smtps:// URLs', () => {
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://user:pw@mail.example.com:587' }).smtpUrl).toBe(
      'smtp://user:pw@mail.example.com:587',
    );
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://mail.example.com' }).smtpUrl).toBe(
      'smtps://mail.example.com',
    );
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SMTP_URL: 'mail.example.com' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });
});
