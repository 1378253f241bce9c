import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
