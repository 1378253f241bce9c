/**
 * The RECAPTCHA_SECRET warning at start-up: silent for a server whose sites use ALTCHA (the
 * demo store), given once a site on it uses reCAPTCHA, and silent again with the secret set.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../../test/helpers/app.ts';
import { captureLog, type CapturedLog } from '../../../../test/helpers/captured-log.ts';
import { createApp } from '../../app.ts';
import { schema } from '../../db/index.ts';

const UNSET = /RECAPTCHA_SECRET is unset/;

let harness: TestApp;
const firstStart = captureLog();

beforeAll(async () => {
  harness = await createTestApp({ env: { LOG_LEVEL: 'warn' }, logStream: firstStart.stream });
});
afterAll(() => harness.close());

/** Starts another app on the same database and returns what it logged at warn and above. */
async function startAgain(env: Record<string, string> = {}): Promise<CapturedLog> {
  const log = captureLog();
  const app = await createApp({
    config: testConfig({ LOG_LEVEL: 'warn', ...env }),
    database: harness.database,
    logStream: log.stream,
  });
  await app.ready();
  await app.close();
  return log;
}

async function setCaptcha(captchaSettings: Record<string, string>): Promise<void> {
  const { db } = harness.database;
  const [site] = await db.select().from(schema.sites);
  if (!site) throw new Error('the demo site is missing');
  await db
    .update(schema.sites)
    .set({ settings: { ...site.settings, captchaSettings } })
    .where(eq(schema.sites.id, site.id));
}

describe('the RECAPTCHA_SECRET warning at start-up', () => {
  it('is not given when every site uses ALTCHA, as the demo store does', () => {
    expect(firstStart.warnings().filter((line) => UNSET.test(line.msg ?? ''))).toEqual([]);
  });

  it('is not given for a reCAPTCHA provider whose captcha is off (no site key)', async () => {
    await setCaptcha({ provider: 'recaptcha', siteKey: '  ' });
    const log = await startAgain();
    expect(log.warnings().filter((line) => UNSET.test(line.msg ?? ''))).toEqual([]);
  });

  it('is given once when a site uses reCAPTCHA, and not when the secret is set', async () => {
    await setCaptcha({ provider: 'recaptcha', siteKey: 'recaptcha-site-key' });
    const unset = await startAgain();
    expect(unset.warnings().map((line) => line.msg)).toEqual([
      'RECAPTCHA_SECRET is unset: reCAPTCHA answers are accepted unverified (development only)',
    ]);
    const set = await startAgain({ RECAPTCHA_SECRET: 'a-secret' });
    expect(set.warnings().filter((line) => UNSET.test(line.msg ?? ''))).toEqual([]);
  });
});
