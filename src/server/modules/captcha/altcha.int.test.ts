import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { schema } from '../../db/index.ts';
import {
  createFormTestApp,
  newVisitor,
  submissionKey,
  submitBody,
  VALID_ANSWERS,
  type Visitor,
} from '../forms/testing/form-fixtures.ts';
import { ALTCHA_CHALLENGE_TTL_MS, altchaHmacKey, createAltchaChallenge } from './altcha.ts';

const SAVE = '/api/form/SaveFormSubmission';
const CHALLENGE = '/api/vitrine/captcha/challenge';
const protectedForm = {
  id: 'protected',
  name: 'Protected',
  captchaEnabled: true,
  fields: [{ id: 'email', type: 'email', required: true }],
};

async function solvedPayload(visitor: Visitor): Promise<string> {
  const response = await visitor.inject({ url: CHALLENGE });
  expect(response.statusCode).toBe(200);
  const challenge = response.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('ALTCHA-protected form', () => {
  let harness: TestApp;
  let visitor: Visitor;
  const body = async (captchaKey?: string) =>
    submitBody(
      await submissionKey(visitor),
      { email: 'ann@example.com' },
      {
        formId: 'protected',
        ...(captchaKey === undefined ? {} : { captchaKey }),
      },
    );

  beforeAll(async () => {
    harness = await createFormTestApp({
      settings: { captchaSettings: { siteKey: 'altcha-on' } },
      forms: [protectedForm],
      env: { ALTCHA_MAX_NUMBER: '300' },
    });
    visitor = await newVisitor(harness.app);
  });
  afterAll(async () => harness.close());

  it('serves signed, expiring, uncached challenges at the configured low cost', async () => {
    const response = await visitor.inject({ url: CHALLENGE });
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json<Challenge>();
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const expiresInMs = (challenge.parameters.expiresAt ?? 0) * 1000 - Date.now();
    expect(expiresInMs).toBeGreaterThan(ALTCHA_CHALLENGE_TTL_MS - 5000);
    expect(expiresInMs).toBeLessThanOrEqual(ALTCHA_CHALLENGE_TTL_MS);
    expect(ALTCHA_CHALLENGE_TTL_MS).toBe(10 * 60 * 1000);
  });

  it('rejects a missing solution with the captcha message among the field errors', async () => {
    const response = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: submitBody(await submissionKey(visitor), { email: 'bad' }, { formId: 'protected' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        fields: {
          email: 'Email is not valid. Email addresses should follow the format name@example.com.',
          captcha: 'Complete CAPTCHA before submitting.',
        },
      },
    });
  });

  it('rejects a wrong solution and garbage', async () => {
    const good = JSON.parse(Buffer.from(await solvedPayload(visitor), 'base64').toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const wrong = { ...good, solution: { ...good.solution, counter: good.solution.counter + 1 } };
    for (const captchaKey of [
      Buffer.from(JSON.stringify(wrong)).toString('base64'),
      'not-base64-json',
      '',
    ]) {
      const response = await visitor.inject({
        method: 'POST',
        url: SAVE,
        payload: await body(captchaKey),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { fields: { captcha: 'Complete CAPTCHA before submitting.' } },
      });
    }
  });

  it('rejects a solution to a challenge signed with another key', async () => {
    const good = JSON.parse(Buffer.from(await solvedPayload(visitor), 'base64').toString()) as {
      challenge: Challenge;
    };
    const forged = { ...good, challenge: { ...good.challenge, signature: 'f'.repeat(64) } };
    const response = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: await body(Buffer.from(JSON.stringify(forged)).toString('base64')),
    });
    expect(response.statusCode).toBe(400);
  });

  it('accepts a real solution once and rejects its replay', async () => {
    const captchaKey = await solvedPayload(visitor);
    const accepted = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: await body(captchaKey),
    });
    expect(accepted.statusCode).toBe(200);
    const replayed = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: await body(captchaKey),
    });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({
      error: { fields: { captcha: 'Complete CAPTCHA before submitting.' } },
    });
    const rows = await harness.database.db.select().from(schema.captchaSolutions);
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });

  it('rejects a real solution to a challenge that has expired', async () => {
    const challenge = await createAltchaChallenge({
      hmacKey: altchaHmacKey(harness.config.sessionSecret),
      maxNumber: 50,
      now: () => Date.now() - ALTCHA_CHALLENGE_TTL_MS - 1000,
    });
    const solution = await solveChallenge({ challenge, deriveKey });
    const captchaKey = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const response = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: await body(captchaKey),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { fields: { captcha: 'Complete CAPTCHA before submitting.' } },
    });
  });

  it('does not ask forms without captchaEnabled for a captcha', async () => {
    const response = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: submitBody(await submissionKey(visitor), VALID_ANSWERS),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('captcha off', () => {
  let harness: TestApp;
  beforeAll(async () => {
    // The demo turns captcha on; this site has no siteKey.
    harness = await createFormTestApp({
      forms: [protectedForm],
      settings: { captchaSettings: {} },
    });
  });
  afterAll(async () => harness.close());

  it('serves no challenge and lets captchaEnabled forms through when the site has no siteKey', async () => {
    const visitor = await newVisitor(harness.app);
    expect((await visitor.inject({ url: CHALLENGE })).statusCode).toBe(404);
    const response = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: submitBody(
        await submissionKey(visitor),
        { email: 'ann@example.com' },
        { formId: 'protected' },
      ),
    });
    expect(response.statusCode).toBe(200);
  });
});
