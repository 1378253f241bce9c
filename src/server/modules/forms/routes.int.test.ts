import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { loginOwner } from '../../../../test/helpers/site-users.ts';
import { WEBSITE_ROLES } from '../../../shared/roles.ts';
import { schema } from '../../db/index.ts';
import { FORM_SUBMISSIONS_ACTION } from './owner-routes.ts';
import {
  createFormTestApp,
  newVisitor,
  submissionKey,
  submitBody,
  VALID_ANSWERS,
  type Visitor,
} from './testing/form-fixtures.ts';

/** A visitor logged in as an owner of this role. */
const ownerVisitor = (harness: TestApp, email: string, role: number): Promise<Visitor> =>
  loginOwner(harness.app, harness.database.db, email, role);

describe('form block schema, extra-field validation and the owner export', () => {
  let harness: TestApp;
  let visitor: Visitor;

  beforeAll(async () => {
    harness = await createFormTestApp({ settings: { formTextareaMaxLength: true } });
    visitor = await newVisitor(harness.app);
  });
  afterAll(async () => harness.close());

  it('GET /api/template/GetTemplateSchema?type=form answers the form block schema', async () => {
    const response = await harness.app.inject({ url: '/api/template/GetTemplateSchema?type=form' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      defaultName: string;
      fieldTypes: string[];
      settings: Record<string, string[]>;
    }>();
    expect(body.defaultName).toBe('My Form Name');
    expect(body.fieldTypes).toContain('likert');
    expect(body.settings.hidden).toEqual(['key', 'value']);
    // The site turns on the flag that gives textarea fields a maxLength setting.
    expect(body.settings.textarea).toContain('maxLength');
  });

  it('answers 400 for an unknown or missing schema type', async () => {
    for (const url of [
      '/api/template/GetTemplateSchema?type=gallery',
      '/api/template/GetTemplateSchema',
    ]) {
      const response = await harness.app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { type: expect.any(String) } },
      });
    }
  });

  it('POST /api/rest/forms/validate/:formId answers 200 for valid answers and 400 keyed by field id', async () => {
    const ok = await visitor.inject({
      method: 'POST',
      url: '/api/rest/forms/validate/every-field',
      payload: VALID_ANSWERS,
    });
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
        fields: {
          name: 'Required',
          email: 'Required',
          agree: 'No is not one of the expected options',
        },
      },
    });
    const missing = await visitor.inject({
      method: 'POST',
      url: '/api/rest/forms/validate/nope',
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
    const notObject = await visitor.inject({
      method: 'POST',
      url: '/api/rest/forms/validate/every-field',
      payload: [1],
    });
    expect(notObject.statusCode).toBe(400);
  });

  it('lets only owners whose role may edit content read submissions', async () => {
    expect(FORM_SUBMISSIONS_ACTION).toBe('content:edit');
    const commenter = await ownerVisitor(harness, 'commenter@example.com', WEBSITE_ROLES.COMMENTER);
    for (const url of [
      '/api/vitrine/owner/forms/every-field/submissions',
      '/api/vitrine/owner/forms/every-field/submissions.csv',
    ]) {
      const anonymous = await visitor.inject({ url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: { code: 'OWNER_UNAUTHORIZED' } });
      const forbidden = await commenter.inject({ url });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ error: { code: 'OWNER_FORBIDDEN' } });
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
    const editor = await ownerVisitor(harness, 'editor@example.com', WEBSITE_ROLES.EDITOR);
    const first = await editor.inject({
      url: '/api/vitrine/owner/forms/every-field/submissions?limit=2',
    });
    expect(first.statusCode).toBe(200);
    const page = first.json<{
      submissions: { answers: { note: string } }[];
      hasNextPage: boolean;
      nextPageCursor: string;
    }>();
    expect(page.submissions.map((s) => s.answers.note)).toEqual(['plain', '@SUM(A1)']);
    expect(page.hasNextPage).toBe(true);
    const second = await editor.inject({
      url: `/api/vitrine/owner/forms/every-field/submissions?limit=2&before=${encodeURIComponent(page.nextPageCursor)}`,
    });
    expect(
      second
        .json<{ submissions: { answers: { note: string } }[] }>()
        .submissions.map((s) => s.answers.note),
    ).toEqual(['=1+1']);

    const csv = await editor.inject({
      url: '/api/vitrine/owner/forms/every-field/submissions.csv',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="every-field-submissions.csv"',
    );
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Submitted","Page","Name","Email","Note","Topic","Phone","Agree","Rate","ref"',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`"'=1+1"`);
    expect(lines[2]).toContain(`"'@SUM(A1)"`);
    expect(lines[3]).toContain('"plain"');
    expect(lines[3]).toContain('"<script>alert(1)</script>"');
    expect(await harness.database.db.select().from(schema.formSubmissions)).toHaveLength(3);
  });
});
