/**
 * Shared by this module's integration tests (and captcha's and mailing-list's): a test app with
 * the demo site plus forms of every field type, and a visitor with a session and crumb.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../../../../test/helpers/app.ts';
import { DEMO_SITE_FILE, readSiteFile } from '../../../main.ts';
import { importSite } from '../../site-import/index.ts';

export const EVERY_FIELD_FORM = {
  id: 'every-field',
  name: 'Every Field',
  captchaEnabled: false,
  fields: [
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'note', type: 'textarea', title: 'Note', maxLength: 20 },
    { id: 'topic', type: 'select', title: 'Topic', options: ['Order', 'Other'] },
    { id: 'phone', type: 'phone', title: 'Phone' },
    { id: 'agree', type: 'checkbox', title: 'Agree', options: ['Yes'] },
    { id: 'rate', type: 'likert', title: 'Rate', options: ['Service'] },
    { id: 'part', type: 'section', title: 'More' },
    { id: 'ref', type: 'hidden', key: 'ref', value: 'direct' },
  ],
};

export interface FormTestOptions {
  readonly settings?: Record<string, unknown>;
  readonly forms?: readonly Record<string, unknown>[];
  readonly env?: Record<string, string>;
}

export async function createFormTestApp(options: FormTestOptions = {}): Promise<TestApp> {
  const harness = await createTestApp({
    importDemo: false,
    ...(options.env ? { env: options.env } : {}),
  });
  const demo = (await readSiteFile(DEMO_SITE_FILE)) as {
    website: { settings?: object };
    forms?: object[];
  };
  await importSite(harness.database, {
    ...demo,
    website: { ...demo.website, settings: { ...demo.website.settings, ...options.settings } },
    forms: [...(demo.forms ?? []), EVERY_FIELD_FORM, ...(options.forms ?? [])],
  });
  return harness;
}

export interface Visitor {
  readonly crumb: string;
  inject(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse>;
}

/** Keeps the cookies each response sets, like a browser (a cleared cookie is dropped). */
function keepCookies(jar: Record<string, string>, response: LightMyRequestResponse): void {
  for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
    if (cookie.value === '' || cookie.maxAge === 0) delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
}

export async function newVisitor(app: FastifyInstance): Promise<Visitor> {
  const jar: Record<string, string> = {};
  keepCookies(jar, await app.inject({ url: '/api/template/GetTemplateSchema?type=form' }));
  const crumb = jar.crumb;
  if (crumb === undefined) throw new Error('no crumb cookie');
  return {
    crumb,
    async inject({ csrf = true, headers, ...options }) {
      const response = await app.inject({
        ...options,
        cookies: { ...jar },
        headers: { ...(csrf ? { 'x-csrf-token': jar.crumb ?? crumb } : {}), ...headers },
      });
      keepCookies(jar, response);
      return response;
    },
  };
}

export async function submissionKey(visitor: Visitor): Promise<string> {
  const response = await visitor.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' });
  if (response.statusCode !== 200)
    throw new Error(`FormSubmissionKey answered ${response.statusCode}`);
  return response.json<{ key: string }>().key;
}

export const VALID_ANSWERS = {
  name: ['Ann', 'Lee'],
  email: 'ann@example.com',
  note: 'Hello',
  topic: 'Order',
  phone: ['555', '123', '4567'],
  agree: ['Yes'],
  rate: { Service: 'Agree' },
  ref: '<script>alert(1)</script>',
};

export function submitBody(key: string, answers: object = VALID_ANSWERS, extra: object = {}) {
  return {
    key,
    formId: 'every-field',
    form: JSON.stringify(answers),
    pageTitle: 'Contact',
    pageId: 'contact',
    contentSource: 'c',
    pagePath: '/contact',
    ...extra,
  };
}
