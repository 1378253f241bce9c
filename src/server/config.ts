/**
 * Configuration: read once from the environment at boot, validated, frozen, failing fast.
 * Production refuses to start without SESSION_SECRET; development generates one and keeps it
 * in the data directory so sessions survive restarts.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_STRIPE_API_BASE,
  PAYMENT_PROVIDER_IDS,
  paymentsConfig,
  type PaymentsConfig,
} from './config-payments.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const SECRET_FILE = 'session-secret';
const MIN_SECRET_LENGTH = 32;

/** An IP address or a CIDR range (`10.0.0.0/8`, `::1/128`). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return Number.isInteger(prefix) && prefix >= 0 && prefix <= (version === 4 ? 32 : 128);
}

/** Connections of the serving pool when DATABASE_POOL_SIZE is unset. */
export const DEFAULT_POOL_SIZE = 20;

/** How long a process trusts its cached site without a change notice, when SITE_CACHE_TTL_MS is unset. */
export const DEFAULT_SITE_CACHE_TTL_MS = 5_000;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(DEFAULT_POOL_SIZE),
  SITE_CACHE_TTL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(DEFAULT_SITE_CACHE_TTL_MS),
  SESSION_SECRET: z
    .string()
    .min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`)
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0),
    )
    .refine((entries) => entries.every(isAddressOrRange), {
      message: 'must be a comma-separated list of IP addresses or CIDR ranges',
    }),
  OWNER_TOKEN: z
    .string()
    .min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`)
    .optional(),
  PLACES_API_KEY: z.string().min(1).optional(),
  PLACES_API_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL')
    .default('https://maps.googleapis.com/maps/api/place'),
  PLACES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  TELEMETRY_RATE_LIMIT: z.coerce.number().int().min(1).default(1200),
  TELEMETRY_FLUSH_MS: z.coerce.number().int().min(1).max(60_000).default(1000),
  TELEMETRY_BATCH_ROWS: z.coerce.number().int().min(1).max(5000).default(500),
  TELEMETRY_DRAIN_MS: z.coerce.number().int().min(1).max(600_000).default(5000),
  PUBLIC_URL: z
    .string()
    .regex(
      /^https?:\/\/[^\s/]+\/?$/,
      'must be an http:// or https:// origin such as https://shop.example.com',
    )
    .transform((value) => value.replace(/\/$/, ''))
    .optional(),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  PAY_LATER_CONTENT_URL: z
    .string()
    .regex(/^https:\/\/[^\s]+$/, 'must be an https:// URL')
    .refine((url) => url.includes('{locale}'), 'must contain {locale} (and may contain {theme})')
    .optional(),
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDER_IDS).default('test'),
  ALLOW_TEST_PAYMENTS: z
    .enum(['true', 'false'], 'must be true or false')
    .default('false')
    .transform((value) => value === 'true'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL')
    .default(DEFAULT_STRIPE_API_BASE),
  RECAPTCHA_VERIFY_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL')
    .default('https://www.google.com/recaptcha/api/siteverify'),
});

export interface Config {
  readonly nodeEnv: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /** PUBLIC_URL: origin of absolute links (emails, sitemap, payment return); unset: the request's own. */
  readonly publicUrl: string | undefined;
  /**
   * PostgreSQL only, per connection of the serving pool: how long a statement may wait for a lock
   * another session holds, and run at all, before it fails (503 DATABASE_UNAVAILABLE) instead of
   * holding a request up. 0: no limit.
   */
  readonly database: {
    readonly lockTimeoutMs: number;
    readonly statementTimeoutMs: number;
    /**
     * PostgreSQL only: connections of the serving pool. A cart write holds its connection from
     * BEGIN to COMMIT while this process works between its statements, so under load the pool,
     * not the database, is what adds queue for (bench/README.md, "cart").
     */
    readonly poolSize: number;
  };
  /**
   * How long a process trusts its cached site (and the pages cached with it) without a change
   * notice. On PostgreSQL every change made through any process or the CLI arrives as a
   * notification within a second; this is the safety net if one is lost.
   */
  readonly siteCacheTtlMs: number;
  readonly sessionSecret: string;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  readonly redisUrl: string | undefined;
  /** smtp(s)://user:pass@host:port of the mail server; unset: emails stay in the outbox table. */
  readonly smtpUrl: string | undefined;
  readonly trustedProxies: readonly string[];
  /** Bearer token of the owner read APIs (analytics, telemetry); unset: they answer 401. */
  readonly ownerToken: string | undefined;
  readonly places: {
    /** Unset: the places proxy answers 503. */
    readonly apiKey: string | undefined;
    readonly baseUrl: string;
    readonly timeoutMs: number;
  };
  readonly telemetry: {
    /** Telemetry requests per client IP per minute. */
    readonly rateLimitPerMinute: number;
    readonly flushIntervalMs: number;
    readonly batchRows: number;
    /** What a stop may spend writing accepted telemetry; the queue is bounded by it. */
    readonly drainMs: number;
  };
  readonly forms: {
    /** ALTCHA proof-of-work cost: the largest counter a browser may have to try. */
    readonly altchaMaxNumber: number;
    /** Unset: reCAPTCHA answers are required but cannot be checked with the provider. */
    readonly recaptchaSecret: string | undefined;
    readonly recaptchaVerifyUrl: string;
  };
  /** PAYMENT_PROVIDER and its keys (src/server/config-payments.ts). */
  readonly payments: PaymentsConfig;
  readonly payLater: {
    /**
     * The provider's information-popup URL, a template with {locale} and {theme}; unset: the
     * local copy (src/server/modules/pay-later/content), so the demo works offline.
     */
    readonly contentUrl: string | undefined;
  };
}

export class ConfigError extends Error {
  constructor(issues: readonly string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The development secret lives in DATA_DIR so a restart keeps visitors' sessions valid. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= MIN_SECRET_LENGTH) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, as in most deployment tools.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  let sessionSecret = values.SESSION_SECRET;
  if (sessionSecret === undefined) {
    if (values.NODE_ENV === 'production') {
      throw new ConfigError(['SESSION_SECRET: required when NODE_ENV=production']);
    }
    sessionSecret = developmentSecret(dataDir);
  }
  const payments = paymentsConfig(values);
  if (!payments.ok) throw new ConfigError(payments.issues);
  return Object.freeze({
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    publicUrl: values.PUBLIC_URL,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    database: Object.freeze({
      lockTimeoutMs: values.DATABASE_LOCK_TIMEOUT_MS,
      statementTimeoutMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
      poolSize: values.DATABASE_POOL_SIZE,
    }),
    siteCacheTtlMs: values.SITE_CACHE_TTL_MS,
    sessionSecret,
    logLevel: values.LOG_LEVEL,
    redisUrl: values.REDIS_URL,
    smtpUrl: values.SMTP_URL,
    trustedProxies: Object.freeze([...values.TRUSTED_PROXIES]),
    ownerToken: values.OWNER_TOKEN,
    places: Object.freeze({
      apiKey: values.PLACES_API_KEY,
      baseUrl: values.PLACES_API_BASE_URL.replace(/\/+$/, ''),
      timeoutMs: values.PLACES_TIMEOUT_MS,
    }),
    telemetry: Object.freeze({
      rateLimitPerMinute: values.TELEMETRY_RATE_LIMIT,
      flushIntervalMs: values.TELEMETRY_FLUSH_MS,
      batchRows: values.TELEMETRY_BATCH_ROWS,
      drainMs: values.TELEMETRY_DRAIN_MS,
    }),
    forms: Object.freeze({
      altchaMaxNumber: values.ALTCHA_MAX_NUMBER,
      recaptchaSecret: values.RECAPTCHA_SECRET,
      recaptchaVerifyUrl: values.RECAPTCHA_VERIFY_URL,
    }),
    payments: Object.freeze(payments.value),
    payLater: Object.freeze({ contentUrl: values.PAY_LATER_CONTENT_URL }),
  });
}
