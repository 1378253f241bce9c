import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { schema } from '../../db/index.ts';
import { FORM_KEY_TTL_MS } from './submission-key.ts';
import {
  createFormTestApp,
  newVisitor,
  submissionKey,
  submitBody,
  VALID_ANSWERS,
  type Visitor,
} from './testing/form-fixtures.ts';

const { formSubmissions, formSubmissionKeys } = schema;
const SAVE = '/api/form/SaveFormSubmission';

describe('page form submission', () => {
  let harness: TestApp;
  let visitor: Visitor;
  const stored = async () => harness.database.db.select().from(formSubmissions);

  beforeAll(async () => {
    harness = await createFormTestApp();
    visitor = await newVisitor(harness.app);
  });
  afterAll(async () => harness.close());

  it('issues a key only with the CSRF token, and keys expire after 30 minutes', async () => {
    const refused = await visitor.inject({
      method: 'POST',
      url: '/api/form/FormSubmissionKey',
      csrf: false,
    });
    expect(refused.statusCode).toBe(403);
    const key = await submissionKey(visitor);
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(FORM_KEY_TTL_MS).toBe(30 * 60 * 1000);
  });

  it('stores valid answers as text, with the page fields, and uses the key up', async () => {
    const key = await submissionKey(visitor);
    const response = await visitor.inject({ method: 'POST', url: SAVE, payload: submitBody(key) });
    expect(response.statusCode).toBe(200);
    const { success, submissionId } = response.json<{ success: boolean; submissionId: string }>();
    expect(success).toBe(true);
    const [row] = await harness.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, submissionId));
    expect(row).toMatchObject({
      formId: 'every-field',
      formName: 'Every Field',
      pageTitle: 'Contact',
      pageId: 'contact',
      contentSource: 'c',
      pagePath: '/contact',
    });
    expect(row?.answers).toEqual({
      ...VALID_ANSWERS,
      phone: ['', '555', '123', '4567'],
      // The untrusted hidden value is kept verbatim as text.
      ref: '<script>alert(1)</script>',
    });
    expect(row?.answers).not.toHaveProperty('part');
    expect(row?.fields.map((field) => field.id)).toContain('part');

    const replay = await visitor.inject({ method: 'POST', url: SAVE, payload: submitBody(key) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      error: {
        code: 'FORM_KEY_INVALID',
        message: 'Unable to submit form. Please try again later.',
      },
    });
  });

  it('answers 401 for a missing, unknown, expired or another session’s key, storing nothing', async () => {
    const before = (await stored()).length;
    const missing = await visitor.inject({ method: 'POST', url: SAVE, payload: submitBody('') });
    expect(missing.statusCode).toBe(401);
    const noKey = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: { ...submitBody('x'), key: undefined },
    });
    expect(noKey.statusCode).toBe(401);
    expect(
      (await visitor.inject({ method: 'POST', url: SAVE, payload: submitBody('nope') })).statusCode,
    ).toBe(401);

    const other = await newVisitor(harness.app);
    const othersKey = await submissionKey(other);
    expect(
      (await visitor.inject({ method: 'POST', url: SAVE, payload: submitBody(othersKey) }))
        .statusCode,
    ).toBe(401);

    const expiring = await submissionKey(visitor);
    await harness.database.db.update(formSubmissionKeys).set({
      createdAt: sql`now() - interval '2 hours'`,
      expiresAt: sql`now() - interval '1 second'`,
    });
    const expired = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: submitBody(expiring),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      error: { message: 'Unable to submit form. Please try again later.' },
    });
    expect((await stored()).length).toBe(before);
  });

  it('answers 404 with the spec message for a form that does not exist', async () => {
    const key = await submissionKey(visitor);
    const response = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: submitBody(key, VALID_ANSWERS, { formId: 'no-such-form' }),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'FORM_NOT_CONFIGURED', message: 'This form has not been configured yet.' },
    });
  });

  it('reports every field error in one 400 keyed by field id, stores nothing and keeps the key', async () => {
    const before = (await stored()).length;
    const key = await submissionKey(visitor);
    const response = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: submitBody(key, {
        name: ['', ''],
        email: 'ann@example',
        note: 'x'.repeat(21),
        topic: 'Nope',
        part: 'ignored',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'One or more fields is invalid, please check your entries.',
        fields: {
          name: 'Required',
          email: 'Email is not valid. Email addresses should follow the format name@example.com.',
          note: 'You have exceeded the character limit.',
          topic: 'Nope is not one of the expected options',
        },
      },
    });
    expect((await stored()).length).toBe(before);
    // A failed validation does not use the key: the visitor fixes the answers and sends again.
    const retry = await visitor.inject({ method: 'POST', url: SAVE, payload: submitBody(key) });
    expect(retry.statusCode).toBe(200);
  });

  it('answers 400 with the parse message when the form JSON is not an object of values', async () => {
    for (const form of ['not json', '[1,2]', 'null']) {
      const key = await submissionKey(visitor);
      const response = await visitor.inject({
        method: 'POST',
        url: SAVE,
        payload: { ...submitBody(key), form },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { message: 'Could not parse the form fields, please check your entries.' },
      });
    }
  });

  it('refuses malformed bodies with 400 and wrong content types with 415', async () => {
    const key = await submissionKey(visitor);
    const badSource = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: submitBody(key, VALID_ANSWERS, { contentSource: 'x' }),
    });
    expect(badSource.statusCode).toBe(400);
    expect(badSource.json()).toMatchObject({
      error: { fields: { contentSource: expect.any(String) } },
    });
    const text = await visitor.inject({
      method: 'POST',
      url: SAVE,
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(text.statusCode).toBe(415);
  });

  it('takes a form-encoded post too, and refuses a body over the size limit with 413', async () => {
    const key = await submissionKey(visitor);
    const encoded = await visitor.inject({
      method: 'POST',
      url: SAVE,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(submitBody(key)).toString(),
    });
    expect(encoded.statusCode).toBe(200);
    const before = (await stored()).length;
    const huge = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: submitBody(await submissionKey(visitor), {
        ...VALID_ANSWERS,
        note: 'x'.repeat(300 * 1024),
      }),
    });
    expect(huge.statusCode).toBe(413);
    expect((await stored()).length).toBe(before);
  });

  it('never leaks internals on an unexpected failure: 500 with the spec message', async () => {
    const key = await submissionKey(visitor);
    await harness.database.db.execute(
      sql`alter table form_submissions rename to form_submissions_away`,
    );
    try {
      const response = await visitor.inject({
        method: 'POST',
        url: SAVE,
        payload: submitBody(key),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: {
          code: 'FORM_SUBMIT_FAILED',
          message: 'Unable to send form. Please try again later.',
        },
      });
      expect(response.body).not.toMatch(/form_submissions|relation|stack/i);
    } finally {
      await harness.database.db.execute(
        sql`alter table form_submissions_away rename to form_submissions`,
      );
    }
  });
});

describe('form submission rate limits', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createFormTestApp();
  });
  afterAll(async () => harness.close());

  it('answers 429 with the spec message after 5 submissions per IP per form in 10 minutes', async () => {
    const visitor = await newVisitor(harness.app);
    for (let i = 0; i < 5; i += 1) {
      const response = await visitor.inject({
        method: 'POST',
        url: SAVE,
        payload: submitBody(await submissionKey(visitor)),
      });
      expect(response.statusCode).toBe(200);
    }
    const limited = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: submitBody(await submissionKey(visitor)),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: {
        code: 'FORM_RATE_LIMITED',
        message: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
      },
    });
    // Another form is counted on its own.
    const other = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: submitBody(
        await submissionKey(visitor),
        { name: ['A', 'B'], email: 'a@b.co', message: 'Hi' },
        {
          formId: 'contact-form',
        },
      ),
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers 429 once a form has taken 200 submissions from everyone in the window', async () => {
    const { db } = harness.database;
    const rows = Array.from({ length: 200 }, (_, i) => ({
      siteId: 'vitrine-demo',
      formId: 'every-field',
      formName: 'Every Field',
      fields: [],
      answers: {},
      ipHash: `other-${i}`,
    }));
    await db.insert(schema.formSubmissions).values(rows);
    const visitor = await newVisitor(harness.app);
    const response = await visitor.inject({
      method: 'POST',
      url: SAVE,
      remoteAddress: '10.9.8.7',
      payload: submitBody(await submissionKey(visitor)),
    });
    expect(response.statusCode).toBe(429);
  });
});

describe('a site whose textarea flag is off', () => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await createFormTestApp({ settings: { formTextareaMaxLength: false } });
  });
  afterAll(async () => harness.close());

  it('stores a textarea longer than its maxLength: the setting is offered only with the flag on', async () => {
    const visitor = await newVisitor(harness.app);
    const key = await submissionKey(visitor);
    const response = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: submitBody(key, { ...VALID_ANSWERS, note: 'x'.repeat(21) }),
    });
    expect(response.statusCode).toBe(200);
  });
});
