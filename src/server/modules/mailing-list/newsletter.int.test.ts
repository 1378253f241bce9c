import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { schema } from '../../db/index.ts';
import {
  createFormTestApp,
  newVisitor,
  submissionKey,
  submitBody,
  type Visitor,
} from '../forms/testing/form-fixtures.ts';
import { CONFIRM_TTL_MS } from './links.ts';

const { mailingSubscribers, outbox } = schema;
const SAVE = '/api/form/SaveFormSubmission';
const newsletterForms = [
  { id: 'news', name: 'Newsletter', fields: [{ id: 'email', type: 'email', required: true }] },
  { id: 'news-direct', name: 'Direct', fields: [{ id: 'email', type: 'email', required: true }] },
];
const settings = {
  // These replace the demo's connections; its own form stays listed, as the demo's popup signs
  // up through it.
  mailingListConnections: [
    { list: 'newsletter', doubleOptIn: true, formIds: ['news', 'newsletter-form'] },
    { list: 'announcements', doubleOptIn: false, formIds: ['news-direct'] },
  ],
};

describe('newsletter forms and the mailing list', () => {
  let harness: TestApp;
  let visitor: Visitor;
  const signUp = async (formId: string, email: string) =>
    visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: submitBody(await submissionKey(visitor), { email }, { formId }),
    });
  const subscriber = async (email: string, list = 'newsletter') =>
    (
      await harness.database.db
        .select()
        .from(mailingSubscribers)
        .where(eq(mailingSubscribers.email, email))
    ).find((row) => row.listId === list);
  const mails = async (to: string) =>
    harness.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, to))
      .orderBy(outbox.createdAt);
  const linkIn = (text: string, path: string): string => {
    const match = new RegExp(`https?://[^\\s]*${path.replace(/\//g, '\\/')}\\?token=[^\\s]+`).exec(
      text,
    );
    if (!match) throw new Error(`no ${path} link in: ${text}`);
    return new URL(match[0]).pathname + new URL(match[0]).search;
  };

  beforeAll(async () => {
    harness = await createFormTestApp({
      settings,
      forms: newsletterForms,
      env: { PUBLIC_URL: 'https://shop.example.com' },
    });
    visitor = await newVisitor(harness.app);
  });
  afterAll(async () => harness.close());

  it('double opt-in: a pending subscriber and a confirmation email with confirm and unsubscribe links', async () => {
    expect((await signUp('news', ' Ann@Example.com ')).statusCode).toBe(200);
    const row = await subscriber('ann@example.com');
    expect(row).toMatchObject({
      status: 'pending',
      source: 'form',
      formId: 'news',
      confirmedAt: null,
    });
    expect(row?.confirmExpiresAt?.getTime()).toBeGreaterThan(Date.now() + CONFIRM_TTL_MS - 60_000);
    expect(CONFIRM_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000);
    const [mail] = await mails('ann@example.com');
    expect(mail).toMatchObject({ kind: 'newsletter-confirmation', status: 'queued' });
    expect(mail?.textBody).toContain(
      'https://shop.example.com/api/vitrine/newsletter/confirm?token=',
    );
    expect(mail?.textBody).toContain('https://shop.example.com/newsletter/unsubscribe?token=');

    const confirm = linkIn(mail?.textBody ?? '', '/api/vitrine/newsletter/confirm');
    const confirmed = await harness.app.inject({ url: confirm });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Your subscription is confirmed.');
    expect(await subscriber('ann@example.com')).toMatchObject({
      status: 'subscribed',
      confirmTokenHash: null,
    });

    const again = await harness.app.inject({ url: confirm });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This link is not valid or has expired.');
  });

  it('an expired confirmation link does not confirm', async () => {
    await signUp('news', 'late@example.com');
    const [mail] = await mails('late@example.com');
    await harness.database.db
      .update(mailingSubscribers)
      .set({ confirmExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(mailingSubscribers.email, 'late@example.com'));
    const response = await harness.app.inject({
      url: linkIn(mail?.textBody ?? '', '/api/vitrine/newsletter/confirm'),
    });
    expect(response.statusCode).toBe(400);
    expect((await subscriber('late@example.com'))?.status).toBe('pending');
  });

  it('without double opt-in the visitor is subscribed at once and a repeat sign-up changes nothing', async () => {
    await signUp('news-direct', 'bo@example.com');
    await signUp('news-direct', 'bo@example.com');
    const rows = await harness.database.db
      .select()
      .from(mailingSubscribers)
      .where(eq(mailingSubscribers.email, 'bo@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'subscribed', listId: 'announcements' });
    expect(await mails('bo@example.com')).toHaveLength(0);
  });

  it('unsubscribes through the page of type 300 and its form post, and a re-sign-up asks again', async () => {
    await signUp('news', 'cy@example.com');
    const [mail] = await mails('cy@example.com');
    const pageUrl = linkIn(mail?.textBody ?? '', '/newsletter/unsubscribe');
    const page = await visitor.inject({ url: pageUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-page-type="300"');
    expect(page.body).toContain(`name="crumb" value="${visitor.crumb}"`);
    const token = new URL(pageUrl, 'http://x').searchParams.get('token') ?? '';

    // The page is the site's own (its layout and theme), with a form that posts without JavaScript.
    expect(page.body).toContain('class="site-title"');
    expect(page.body).toContain(
      '<form class="newsletter-form" method="post" action="/newsletter/unsubscribe">',
    );

    const formPost = (formToken: string) =>
      visitor.inject({
        method: 'POST',
        url: '/newsletter/unsubscribe',
        csrf: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token: formToken, crumb: visitor.crumb }).toString(),
      });
    const forged = await formPost(`${token.split('.')[0] ?? ''}.AAAA`);
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('This link is not valid or has expired.');
    expect(forged.body).toContain('data-page-type="300"');
    expect((await subscriber('cy@example.com'))?.status).not.toBe('unsubscribed');

    const posted = await formPost(token);
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('data-page-type="300"');
    expect(posted.body).toContain(
      'You have been unsubscribed. You will not receive further emails from this list.',
    );
    expect((await subscriber('cy@example.com'))?.status).toBe('unsubscribed');

    const json = await visitor.inject({
      method: 'POST',
      url: '/api/vitrine/newsletter/unsubscribe',
      payload: { token },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ unsubscribed: true });

    await signUp('news', 'cy@example.com');
    expect(await subscriber('cy@example.com')).toMatchObject({
      status: 'pending',
      unsubscribedAt: null,
    });
    expect(await mails('cy@example.com')).toHaveLength(2);
  });

  it('refuses forged unsubscribe tokens and posts without the CSRF token', async () => {
    const row = await subscriber('ann@example.com');
    const forged = `${row?.id ?? ''}.AAAA`;
    const response = await visitor.inject({
      method: 'POST',
      url: '/api/vitrine/newsletter/unsubscribe',
      payload: { token: forged },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'NEWSLETTER_LINK_INVALID', message: 'This link is not valid or has expired.' },
    });
    const noCsrf = await visitor.inject({
      method: 'POST',
      url: '/api/vitrine/newsletter/unsubscribe',
      csrf: false,
      payload: { token: forged },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await subscriber('ann@example.com'))?.status).toBe('subscribed');
  });

  it('keeps the submission when the mailing-list step fails afterwards', async () => {
    await harness.database.db.execute(
      sql`alter table mailing_subscribers rename to mailing_subscribers_away`,
    );
    try {
      const response = await signUp('news', 'dee@example.com');
      expect(response.statusCode).toBe(200);
    } finally {
      await harness.database.db.execute(
        sql`alter table mailing_subscribers_away rename to mailing_subscribers`,
      );
    }
    const stored = await harness.database.db
      .select()
      .from(schema.formSubmissions)
      .where(eq(schema.formSubmissions.formId, 'news'));
    expect(stored.some((row) => row.answers.email === 'dee@example.com')).toBe(true);
  });
});
