import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { schema } from '../../db/index.ts';
import { createFormTestApp, newVisitor, submissionKey, submitBody, VALID_ANSWERS, type Visitor } from './test-fixtures.ts';

const OWNER_TOKEN = 'owner-token-that-is-long-enough-0123456789';

describe('form block schema, extra-field validation and the owner export', () => {
  let harness: TestApp;
  let visitor: Visitor;

  beforeAll(async () => {
    harness = await createFormTestApp({ env: { OWNER_TOKEN }, settings: { formTextareaMaxLength: true } });
    visitor = await newVisitor(harness.app);
  });
  afterAll(async () => harness.close());

  it('GET /api/template/GetTemplateSchema?type=form answers the form block schema', async () => {
    const response = await harness.app.inject({ url: '/api/template/GetTemplateSchema?type=form' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ defaultName: string; fieldTypes: string[]; settings: Record<string, string[]> }>();
    expect(body.defaultName).toBe('My Form Name');
    expect(body.fieldTypes).toContain('likert');
    expect(body.settings.hidden).toEqual(['key', 'value']);
    // The site turns on the flag that gives textarea fields a maxLength setting.
    expect(body.settings.textarea).toContain('maxLength');
  });

  it('answers 400 for an unknown or missing schema type', async () => {
    for (const url of ['/api/template/GetTemplateSchema?type=gallery', '/api/template/GetTemplateSchema']) {
      const response = await harness.app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { type: expect.any(String) } } });
    }
  });

  it('POST /api/rest/forms/validate/:formId answers 200 for valid answers and 400 keyed by field id', async () => {
    const ok = await visitor.inject({ method: 'POST', url: '/api/rest/forms/validate/every-field', payload: VALID_ANSWERS });
    expect(ok.statusCode).toBe(200);
    const bad = await visitor.inject({
      method: 'POST',
      url: '/api/rest/forms/validate/every-field',
      payload: { name: ['', ''], agree: ['No'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'One or more fields is invalid, please check your entries.',
        fields: { name: 'Required', email: 'Required', agree: 'No is not one of the expected options' },
      },
    });
    const missing = await visitor.inject({ method: 'POST', url: '/api/rest/forms/validate/nope', payload: {} });
    expect(missing.statusCode).toBe(404);
    const notObject = await visitor.inject({ method: 'POST', url: '/api/rest/forms/validate/every-field', payload: [1] });
    expect(notObject.statusCode).toBe(400);
  });

  it('protects the owner routes with the owner token', async () => {
    for (const url of ['/api/vitrine/owner/forms/every-field/submissions', '/api/vitrine/owner/forms/every-field/submissions.csv']) {
      for (const authorization of [undefined, 'Bearer wrong', `Basic ${OWNER_TOKEN}`]) {
        const response = await harness.app.inject({ url, headers: authorization ? { authorization } : {} });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ error: { code: 'OWNER_UNAUTHORIZED' } });
      }
    }
  });

  it('lists submissions newest first with paging, and exports CSV with formula cells neutralised', async () => {
    for (const note of ['=1+1', '@SUM(A1)', 'plain']) {
      const response = await visitor.inject({
        method: 'POST',
        url: '/api/form/SaveFormSubmission',
        payload: submitBody(await submissionKey(visitor), { ...VALID_ANSWERS, note }),
      });
      expect(response.statusCode).toBe(200);
    }
    const auth = { authorization: `Bearer ${OWNER_TOKEN}` };
    const first = await harness.app.inject({ url: '/api/vitrine/owner/forms/every-field/submissions?limit=2', headers: auth });
    expect(first.statusCode).toBe(200);
    const page = first.json<{ submissions: { answers: { note: string } }[]; hasNextPage: boolean; nextPageCursor: string }>();
    expect(page.submissions.map((s) => s.answers.note)).toEqual(['plain', '@SUM(A1)']);
    expect(page.hasNextPage).toBe(true);
    const second = await harness.app.inject({
      url: `/api/vitrine/owner/forms/every-field/submissions?limit=2&before=${encodeURIComponent(page.nextPageCursor)}`,
      headers: auth,
    });
    expect(second.json<{ submissions: { answers: { note: string } }[] }>().submissions.map((s) => s.answers.note)).toEqual([
      '=1+1',
    ]);

    const csv = await harness.app.inject({ url: '/api/vitrine/owner/forms/every-field/submissions.csv', headers: auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="every-field-submissions.csv"');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Submitted","Page","Name","Email","Note","Topic","Phone","Agree","Rate","ref"');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`"'=1+1"`);
    expect(lines[2]).toContain(`"'@SUM(A1)"`);
    expect(lines[3]).toContain('"plain"');
    expect(lines[3]).toContain('"<script>alert(1)</script>"');
    expect(await harness.database.db.select().from(schema.formSubmissions)).toHaveLength(3);
  });
});

describe('owner routes without OWNER_TOKEN', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createFormTestApp();
  });
  afterAll(async () => harness.close());

  it('refuses everyone', async () => {
    const response = await harness.app.inject({
      url: '/api/vitrine/owner/forms/every-field/submissions',
      headers: { authorization: 'Bearer ' },
    });
    expect(response.statusCode).toBe(401);
  });
});
