import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vitrine-telemetry-config-')) });

describe('telemetry, owner token and places settings', () => {
  it('default: no owner token, no places key, the documented provider, time-out and telemetry limits', () => {
    const config = loadConfig(base());
    expect(config.ownerToken).toBeUndefined();
    expect(config.places).toEqual({
      apiKey: undefined,
      baseUrl: 'https://maps.googleapis.com/maps/api/place',
      timeoutMs: 5000,
    });
    expect(config.telemetry).toEqual({
      rateLimitPerMinute: 1200,
      flushIntervalMs: 1000,
      batchRows: 500,
      drainMs: 5000,
    });
  });

  it('reads every variable and drops a trailing slash from the provider URL', () => {
    const config = loadConfig({
      ...base(),
      OWNER_TOKEN: 'x'.repeat(32),
      PLACES_API_KEY: 'key',
      PLACES_API_BASE_URL: 'http://127.0.0.1:9999/places/',
      PLACES_TIMEOUT_MS: '250',
      TELEMETRY_RATE_LIMIT: '50',
      TELEMETRY_FLUSH_MS: '20',
      TELEMETRY_BATCH_ROWS: '100',
      TELEMETRY_DRAIN_MS: '2500',
    });
    expect(config.ownerToken).toBe('x'.repeat(32));
    expect(config.places).toEqual({
      apiKey: 'key',
      baseUrl: 'http://127.0.0.1:9999/places',
      timeoutMs: 250,
    });
    expect(config.telemetry).toEqual({
      rateLimitPerMinute: 50,
      flushIntervalMs: 20,
      batchRows: 100,
      drainMs: 2500,
    });
  });

  it('refuses a short owner token, a non-http provider URL and out-of-range numbers, naming each', () => {
    try {
      loadConfig({
        ...base(),
        OWNER_TOKEN: 'short',
        PLACES_API_BASE_URL: 'ftp://x',
        PLACES_TIMEOUT_MS: '5',
        TELEMETRY_BATCH_ROWS: '0',
        TELEMETRY_DRAIN_MS: '0',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of [
        'OWNER_TOKEN',
        'PLACES_API_BASE_URL',
        'PLACES_TIMEOUT_MS',
        'TELEMETRY_BATCH_ROWS',
        'TELEMETRY_DRAIN_MS',
      ]) {
        expect(message).toContain(name);
      }
    }
  });
});
