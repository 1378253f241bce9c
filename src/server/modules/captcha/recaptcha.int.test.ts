import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import {
  createFormTestApp,
  newVisitor,
  submissionKey,
  submitBody,
} from '../forms/testing/form-fixtures.ts';

const SAVE = '/api/form/SaveFormSubmission';
const protectedForm = {
  id: 'protected',
  name: 'Protected',
  captchaEnabled: true,
  fields: [{ id: 'email', type: 'email' }],
};
const settings = { captchaSettings: { siteKey: 'recaptcha-site-key', provider: 'recaptcha' } };

/** A stand-in for the provider: 'good-token' passes when posted with the right secret. */
function fakeProvider(seen: URLSearchParams[]): Promise<Server> {
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(raw);
      seen.push(form);
      const success =
        form.get('secret') === 'test-recaptcha-secret' && form.get('response') === 'good-token';
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(
          success
            ? { success: true }
            : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('reCAPTCHA-protected form', () => {
  let harness: TestApp;
  let provider: Server;
  const seen: URLSearchParams[] = [];

  beforeAll(async () => {
    provider = await fakeProvider(seen);
    const { port } = provider.address() as AddressInfo;
    harness = await createFormTestApp({
      settings,
      forms: [protectedForm],
      env: {
        RECAPTCHA_SECRET: 'test-recaptcha-secret',
        RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
      },
    });
  });
  afterAll(async () => {
    await harness.close();
    await new Promise((resolve) => provider.close(resolve));
  });

  it('verifies answers with the provider: a good token passes, a bad or missing one does not', async () => {
    const visitor = await newVisitor(harness.app);
    const submit = async (captchaKey?: string) =>
      visitor.inject({
        method: 'POST',
        url: SAVE,
        payload: submitBody(
          await submissionKey(visitor),
          { email: '' },
          {
            formId: 'protected',
            ...(captchaKey === undefined ? {} : { captchaKey }),
          },
        ),
      });
    expect((await submit()).json()).toMatchObject({
      error: { fields: { captcha: 'Complete CAPTCHA before submitting.' } },
    });
    expect(seen).toHaveLength(0);
    expect((await submit('bad-token')).statusCode).toBe(400);
    expect((await submit('good-token')).statusCode).toBe(200);
    expect(seen.at(-1)?.get('secret')).toBe('test-recaptcha-secret');
    expect(seen.at(-1)?.get('remoteip')).toBe('127.0.0.1');
  });
});

describe('reCAPTCHA without a secret', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createFormTestApp({ settings, forms: [protectedForm] });
  });
  afterAll(async () => harness.close());

  it('only requires an answer to be present', async () => {
    const visitor = await newVisitor(harness.app);
    const missing = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: submitBody(await submissionKey(visitor), { email: '' }, { formId: 'protected' }),
    });
    expect(missing.statusCode).toBe(400);
    const present = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: submitBody(
        await submissionKey(visitor),
        { email: '' },
        { formId: 'protected', captchaKey: 'anything' },
      ),
    });
    expect(present.statusCode).toBe(200);
  });
});
