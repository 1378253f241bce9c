/**
 * The page forms without JavaScript: the contact page's server-rendered forms and POST
 * /forms/submit, which validates and stores like SaveFormSubmission and answers with the page.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { schema } from '../../db/index.ts';
import { DEMO_SITE_FILE, demoImport, readSiteFile } from '../../main.ts';
import { importSite } from '../site-import/index.ts';

let harness: TestApp;
let visitor: Visitor;

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } });
  visitor = await newVisitor(harness.app, '/contact');
});
afterAll(() => harness.close());

function post(fields: Record<string, string | string[]>, who: Visitor = visitor) {
  const payload = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) payload.append(name, one);
  return who.inject({
    method: 'POST',
    url: '/forms/submit',
    csrf: false,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: payload.toString(),
  });
}

const contact = (fields: Record<string, string | string[]> = {}) => ({
  crumb: visitor.crumb,
  formId: 'contact-form',
  pagePath: '/contact',
  ...fields,
});

const VALID = {
  'f:name:0': 'Ada',
  'f:name:1': 'Lovelace',
  'f:email': 'ada@example.com',
  'f:phone:0': '555',
  'f:phone:1': '123',
  'f:phone:2': '4567',
  'f:topic': 'Sizing',
  'f:ordered:0': '11',
  'f:ordered:1': '24',
  'f:ordered:2': '2026',
  'f:callback:0': '9',
  'f:callback:3': 'AM',
  'f:reply': 'Phone',
  'f:interests': ['Workshops', 'Gift cards'],
  'f:service:1': 'Strongly Agree',
  'f:message': 'Where is my order?',
  'f:source': 'contact-page',
};

const messages = (html: string, kind: string) =>
  [...html.matchAll(new RegExp(`class="${kind}"[^>]*>([^<]*)<`, 'g'))].map((match) => match[1]);

async function storedAnswers(formId: string) {
  const rows = await harness.database.db
    .select()
    .from(schema.formSubmissions)
    .where(eq(schema.formSubmissions.formId, formId))
    .orderBy(sql`${schema.formSubmissions.createdAt} desc`)
    .limit(1);
  return rows[0];
}

describe('the contact page’s forms, server-rendered', () => {
  it('are real forms posting to /forms/submit with the crumb, every field type as inputs', async () => {
    const response = await visitor.inject({ url: '/contact' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('data-island="PageForm"');
    expect(html.match(/<form class="page-form[^"]*" id="page-form-[a-z-]+"/g)).toHaveLength(3);
    expect(html).toContain('action="/forms/submit#page-form-contact-form" method="post"');
    expect(html).toContain(`name="crumb" value="${visitor.crumb}"`);
    for (const name of ['f:name:1', 'f:phone:2', 'f:ordered:2', 'f:callback:3', 'f:delivery:5'])
      expect(html).toContain(`name="${name}"`);
    expect(html).toContain('name="f:service:1" value="Strongly Disagree"');
    expect(html).toContain('class="page-form-section-title underline">About your order<');
    expect(html).toContain('class="page-form-currency-symbol" aria-hidden="true">$<');
    expect(html).toContain(
      '<p class="page-form-counter" aria-live="polite">0<!-- -->/<!-- -->1000</p>',
    );
    expect(html).toContain('<a href="/contact">privacy notice</a>');
    expect(html).toContain('type="hidden" name="f:source" value="contact-page"');
  });
});

describe('POST /forms/submit', () => {
  it('shows the errors above the fields, the form’s message and what was typed (400)', async () => {
    const response = await post(contact({ 'f:email': 'not-an-email', 'f:topic': 'Sizing' }));
    expect(response.statusCode).toBe(400);
    const html = response.body;
    expect(messages(html, 'page-form-error')).toEqual([
      'Required',
      'Email is not valid. Email addresses should follow the format name@example.com.',
      'Required',
    ]);
    expect(messages(html, 'page-form-message')).toEqual([
      'One or more fields is invalid, please check your entries.',
    ]);
    expect(messages(html, 'page-form-problem')).toEqual([
      'Your form has encountered a problem. Please scroll down to review.',
      'Your form has encountered a problem. Please scroll up to review.',
    ]);
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('<option value="Sizing" selected="">');
  });

  it('stores the answers like SaveFormSubmission and shows the submission message', async () => {
    const response = await post(contact(VALID));
    expect(response.statusCode).toBe(200);
    expect(messages(response.body, 'page-form-success')).toEqual([
      'Thank you. We will be in touch within two working days.',
    ]);
    const row = await storedAnswers('contact-form');
    expect(row).toMatchObject({
      formName: 'Contact Us',
      pageId: 'contact',
      pageTitle: 'Contact',
      pagePath: '/contact',
      contentSource: 'c',
    });
    expect(row?.answers).toMatchObject({
      name: ['Ada', 'Lovelace'],
      email: 'ada@example.com',
      phone: ['', '555', '123', '4567'],
      topic: 'Sizing',
      ordered: ['11', '24', '2026'],
      callback: ['9', '', '', 'AM'],
      reply: 'Phone',
      interests: ['Workshops', 'Gift cards'],
      service: { Packaging: 'Strongly Agree' },
      message: 'Where is my order?',
      source: 'contact-page',
    });
  });

  it('asks for the captcha of a form that needs it', async () => {
    const response = await post({
      crumb: visitor.crumb,
      formId: 'wholesale-form',
      pagePath: '/contact',
      'f:name:0': 'A',
    });
    expect(response.statusCode).toBe(400);
    expect(messages(response.body, 'page-form-error')).toContain(
      'Complete CAPTCHA before submitting.',
    );
  });

  it('redirects to a success page on this site or an allowed host only', async () => {
    const setRedirect = (successRedirect: string) =>
      harness.database.db
        .update(schema.forms)
        .set({
          settings: sql`${schema.forms.settings} || ${JSON.stringify({ successRedirect })}::jsonb`,
        })
        .where(
          and(eq(schema.forms.id, 'newsletter-form'), eq(schema.forms.siteId, 'vitrine-demo')),
        );
    const newsletter = { crumb: visitor.crumb, formId: 'newsletter-form', pagePath: '/contact' };

    await setRedirect('/shop');
    const home = await post({ ...newsletter, 'f:email': 'one@example.com' });
    expect(home.statusCode).toBe(303);
    expect(home.headers.location).toBe('/shop');

    await setRedirect('https://evil.example/phish');
    const elsewhere = await post({ ...newsletter, 'f:email': 'two@example.com' });
    expect(elsewhere.statusCode).toBe(200);
    expect(messages(elsewhere.body, 'page-form-success')).toEqual([
      'Almost there: please check your inbox to confirm your subscription.',
    ]);
  });

  it('shows a newsletter form’s failure without the problem notes', async () => {
    const response = await post({
      crumb: visitor.crumb,
      formId: 'newsletter-form',
      pagePath: '/contact',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('class="page-form-message" role="alert"');
    const newsletter = response.body.slice(response.body.indexOf('id="page-form-newsletter-form"'));
    expect(newsletter).not.toContain('page-form-problem');
  });

  it('answers 404 for a form that is not on the page', async () => {
    for (const fields of [
      { formId: 'monogram-form', pagePath: '/contact' },
      { formId: 'contact-form', pagePath: '/shop' },
      { formId: 'contact-form', pagePath: 'https://evil.example/contact' },
    ]) {
      const response = await post({ crumb: visitor.crumb, ...fields });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        error: { code: 'FORM_NOT_CONFIGURED', message: 'This form has not been configured yet.' },
      });
    }
  });

  it('refuses a post without the session’s crumb, storing nothing', async () => {
    const before = (await harness.database.db.select().from(schema.formSubmissions)).length;
    const response = await post({ ...contact(VALID), crumb: 'forged' });
    expect(response.statusCode).toBe(403);
    expect((await harness.database.db.select().from(schema.formSubmissions)).length).toBe(before);
  });

  it('answers the rate limit’s message on the page after 5 submissions per IP and form', async () => {
    const other = await newVisitor(harness.app, '/contact');
    const fields = { ...VALID, crumb: other.crumb, formId: 'contact-form', pagePath: '/contact' };
    let last = await post(fields, other);
    // One was stored above from the same (injected) IP: this and three more reach the limit of 5.
    for (let i = 0; i < 3; i += 1) last = await post(fields, other);
    expect(last.statusCode).toBe(200);
    const limited = await post(fields, other);
    expect(limited.statusCode).toBe(429);
    expect(messages(limited.body, 'page-form-message')).toEqual([
      'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    ]);
  });
});

describe('form blocks by slice type', () => {
  it('renders form (16) and newsletter (11) codes, and leaves out a block whose form is gone', async () => {
    await harness.database.db
      .update(schema.pages)
      .set({
        blocks: [
          { type: 16, formId: 'monogram-form' },
          { type: 11, formId: 'newsletter-form' },
          { type: 'form', formId: 'no-such-form' },
          { type: 'image', formId: 'contact-form' },
        ],
      })
      .where(eq(schema.pages.id, 'contact'));
    // Another origin: pages already seen are kept per origin until the site reloads (page-cache.ts).
    const html = (await harness.app.inject({ url: '/contact', headers: { host: 'codes.example' } }))
      .body;
    expect(
      [...html.matchAll(/<form class="([^"]+)" id="page-form-([a-z-]+)"/g)].map((m) => [
        m[2],
        m[1],
      ]),
    ).toEqual([
      ['monogram-form', 'page-form'],
      ['newsletter-form', 'page-form page-form--newsletter'],
    ]);
  });
});

describe('a site-wide lock', () => {
  let locked: TestApp;

  beforeAll(async () => {
    locked = await createTestApp({ importDemo: false });
    const file = (await readSiteFile(DEMO_SITE_FILE)) as { website: { settings: object } };
    file.website.settings = { ...file.website.settings, sitePassword: 'whole site' };
    await importSite(locked.database, file, demoImport(locked.config.dataDir));
  });
  afterAll(() => locked.close());

  it('takes no form post until this visitor unlocked the site', async () => {
    const guest = await newVisitor(locked.app, '/contact');
    const fields = { ...VALID, crumb: guest.crumb, formId: 'contact-form', pagePath: '/contact' };
    expect((await post(fields, guest)).statusCode).toBe(404);
    const unlocked = await guest.inject({
      method: 'POST',
      url: '/protected/unlock',
      csrf: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        crumb: guest.crumb,
        path: '/contact',
        password: 'whole site',
      }).toString(),
    });
    expect(unlocked.statusCode).toBe(303);
    const response = await post(fields, guest);
    expect(response.statusCode).toBe(200);
    expect(messages(response.body, 'page-form-success')).toEqual([
      'Thank you. We will be in touch within two working days.',
    ]);
  });
});
