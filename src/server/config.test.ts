import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STRIPE_KEYS_MISSING, TEST_PAYMENTS_IN_PRODUCTION } from './config-payments.ts';
import { ConfigError, loadConfig } from './config.ts';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'vitrine-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = freshDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      dataDir: dir,
      databaseUrl: undefined,
      logLevel: 'info',
      redisUrl: undefined,
      trustedProxies: [],
      database: { lockTimeoutMs: 5000, statementTimeoutMs: 30_000, poolSize: 20 },
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('generates a development secret once and keeps it in DATA_DIR', () => {
    const dir = freshDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it('refuses to start in production without SESSION_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: freshDir() })).toThrow(
      /SESSION_SECRET: required when NODE_ENV=production/,
    );
  });

  it('uses the test payment provider by default outside production', () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).payments).toEqual({
      provider: 'test',
      stripe: null,
    });
  });

  it('refuses the test payment provider in production unless ALLOW_TEST_PAYMENTS=true', () => {
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: freshDir(),
      SESSION_SECRET: 'x'.repeat(32),
    };
    expect(() => loadConfig(production)).toThrow(TEST_PAYMENTS_IN_PRODUCTION);
    expect(TEST_PAYMENTS_IN_PRODUCTION).toMatch(/PAYMENT_PROVIDER.*ALLOW_TEST_PAYMENTS/);
    expect(loadConfig({ ...production, ALLOW_TEST_PAYMENTS: 'true' }).payments.provider).toBe(
      'test',
    );
    expect(() => loadConfig({ ...production, ALLOW_TEST_PAYMENTS: 'yes' })).toThrow(
      /ALLOW_TEST_PAYMENTS: must be true or false/,
    );
  });

  it('refuses PAYMENT_PROVIDER=stripe without both keys, and reads them with the API base', () => {
    const stripe = { DATA_DIR: freshDir(), PAYMENT_PROVIDER: 'stripe' };
    expect(() => loadConfig(stripe)).toThrow(STRIPE_KEYS_MISSING);
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      STRIPE_KEYS_MISSING,
    );
    const config = loadConfig({
      ...stripe,
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_BASE: 'http://127.0.0.1:9999/',
    });
    expect(config.payments).toEqual({
      provider: 'stripe',
      stripe: {
        secretKey: 'sk_test_1',
        webhookSecret: 'whsec_1',
        apiBase: 'http://127.0.0.1:9999',
      },
    });
    expect(
      loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'a', STRIPE_WEBHOOK_SECRET: 'b' }).payments.stripe
        ?.apiBase,
    ).toBe('https://api.stripe.com');
    expect(() => loadConfig({ DATA_DIR: freshDir(), PAYMENT_PROVIDER: 'paypal' })).toThrow(
      /PAYMENT_PROVIDER/,
    );
  });

  it('parses trusted proxies as addresses and CIDR ranges', () => {
    const config = loadConfig({
      DATA_DIR: freshDir(),
      TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8,::1',
    });
    expect(config.trustedProxies).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
  });

  it('reports every invalid variable at once and names each', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: freshDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        TRUSTED_PROXIES: 'not-an-ip',
        LOG_LEVEL: 'loud',
        SESSION_SECRET: 'short',
        DATABASE_POOL_SIZE: '0',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'TRUSTED_PROXIES',
      'LOG_LEVEL',
      'SESSION_SECRET',
      'DATABASE_POOL_SIZE',
    ]) {
      expect(message).toContain(`${name}:`);
    }
  });

  it('takes the pool size from DATABASE_POOL_SIZE', () => {
    expect(loadConfig({ DATA_DIR: freshDir(), DATABASE_POOL_SIZE: '40' }).database.poolSize).toBe(
      40,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: freshDir(), PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });
});
