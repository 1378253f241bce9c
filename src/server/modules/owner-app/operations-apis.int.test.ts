/**
 * The owner APIs the dashboard's operations pages read beside the older ones: the forms with
 * their counts and searchable submissions, the newsletter subscribers, the outbox with
 * 'Retry', and the pay-later, captcha and cookie settings. Each answers its role only, pages by
 * cursor, and refuses bad input without changing anything.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/index.ts';
import {
  createStoreAdminHarness,
  ownerClient,
  type OwnerClient,
  type StoreAdminHarness,
} from '../store-admin/testing/store-admin-fixtures.ts';

const SITE = 'vitrine-demo';
let harness: StoreAdminHarness;
let admin: OwnerClient;
let editor: OwnerClient;
let manager: OwnerClient;

beforeAll(async () => {
  harness = await createStoreAdminHarness();
  admin = await ownerClient(harness.app, harness.database.db, 'ADMIN');
  editor = await ownerClient(harness.app, harness.database.db, 'EDITOR');
  manager = await ownerClient(harness.app, harness.database.db, 'STORE_MANAGER');
});
afterAll(() => harness.close());

async function settingsRow(): Promise<Record<string, unknown>> {
  const [row] = await harness.database.db
    .select({ settings: schema.sites.settings })
    .from(schema.sites)
    .where(eq(schema.sites.id, SITE));
  return row?.settings ?? {};
}

describe('GET /api/vitrine/owner/forms and the submissions search', () => {
  it("lists the site's forms with counts, and finds submissions by their answers", async () => {
    const db = harness.database.db;
    const submit = (formId: string, formName: string, message: string, at: string) =>
      db.insert(schema.formSubmissions).values({
        siteId: SITE,
        formId,
        formName,
        fields: [{ id: 'message', type: 'textarea', title: 'Message' }],
        answers: { message },
        ipHash: 'h',
        createdAt: new Date(at),
      });
    await submit('contact-form', 'Contact Us', 'Where is my parcel?', '2026-11-01T10:00:00Z');
    await submit('contact-form', 'Contact Us', 'Do you ship 100% linen?', '2026-11-02T10:00:00Z');
    await submit('old-form', 'Old form', 'kept after the form went', '2026-10-01T10:00:00Z');

    const response = await editor.inject({ url: '/api/vitrine/owner/forms' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { forms } = response.json<{ forms: { id: string; submissionCount: number }[] }>();
    expect(forms).toContainEqual({
      id: 'contact-form',
      name: 'Contact Us',
      submissionCount: 2,
      lastSubmittedAt: '2026-11-02T10:00:00.000Z',
    });
    expect(forms).toContainEqual({
      id: 'monogram-form',
      name: 'Monogram',
      submissionCount: 0,
      lastSubmittedAt: null,
    });
    expect(forms.at(-1)).toMatchObject({ id: 'old-form', name: 'Old form', submissionCount: 1 });

    const found = await editor.inject({
      url: '/api/vitrine/owner/forms/contact-form/submissions?q=100%25',
    });
    expect(found.statusCode).toBe(200);
    const submissions = found.json<{ submissions: { answers: unknown }[] }>().submissions;
    expect(submissions.map((row) => row.answers)).toEqual([{ message: 'Do you ship 100% linen?' }]);
    const all = await editor.inject({ url: '/api/vitrine/owner/forms/contact-form/submissions' });
    expect(
      all
        .json<{ submissions: { answers: { message: string } }[] }>()
        .submissions.map((row) => row.answers.message),
    ).toEqual(['Do you ship 100% linen?', 'Where is my parcel?']);

    const tooLong = await editor.inject({
      url: `/api/vitrine/owner/forms/contact-form/submissions?q=${'x'.repeat(201)}`,
    });
    expect(tooLong.statusCode).toBe(400);
    const viewer = await ownerClient(harness.app, harness.database.db, 'VIEWER');
    expect((await viewer.inject({ url: '/api/vitrine/owner/forms' })).statusCode).toBe(403);
  });
});

describe('GET /api/vitrine/owner/newsletter/subscribers', () => {
  it('pages the subscribers newest first, finds them by email, for customers:read only', async () => {
    const db = harness.database.db;
    for (let index = 0; index < 3; index += 1)
      await db.insert(schema.mailingSubscribers).values({
        siteId: SITE,
        listId: 'newsletter',
        email: `reader${index}@example.com`,
        status: 'subscribed',
        source: 'form',
        confirmedAt: new Date(),
        createdAt: new Date(Date.UTC(2026, 10, 1 + index)),
      });
    const first = await manager.inject({
      url: '/api/vitrine/owner/newsletter/subscribers?limit=2',
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json<{
      subscribers: { email: string; status: string }[];
      hasNextPage: boolean;
      nextPageCursor: string;
    }>();
    expect(page1.subscribers.map((row) => row.email)).toEqual([
      'reader2@example.com',
      'reader1@example.com',
    ]);
    expect(page1.hasNextPage).toBe(true);
    const second = await manager.inject({
      url: `/api/vitrine/owner/newsletter/subscribers?limit=2&cursor=${page1.nextPageCursor}`,
    });
    expect(second.json()).toMatchObject({
      subscribers: [{ email: 'reader0@example.com', status: 'subscribed', source: 'form' }],
      hasNextPage: false,
      nextPageCursor: null,
    });
    const search = await manager.inject({
      url: '/api/vitrine/owner/newsletter/subscribers?q=READER1',
    });
    expect(
      search.json<{ subscribers: { email: string }[] }>().subscribers.map((row) => row.email),
    ).toEqual(['reader1@example.com']);
    expect(
      (await manager.inject({ url: '/api/vitrine/owner/newsletter/subscribers?status=gone' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await editor.inject({ url: '/api/vitrine/owner/newsletter/subscribers' })).statusCode,
    ).toBe(403);
  });
});

describe('the outbox', () => {
  it('shows waiting, sent and failed mail with counts, and retries what was not sent', async () => {
    const db = harness.database.db;
    const message = (status: 'queued' | 'sent' | 'failed', minutes: number) => ({
      id: randomUUID(),
      siteId: SITE,
      kind: 'test-mail',
      reference: randomUUID(),
      toAddress: `${status}@example.com`,
      subject: `A ${status} message`,
      textBody: 'Hello',
      status,
      attempts: status === 'queued' ? 0 : 1,
      lastError: status === 'failed' ? 'connect ECONNREFUSED' : null,
      sentAt: status === 'sent' ? new Date() : null,
      createdAt: new Date(Date.UTC(2026, 10, 27, 9, minutes)),
    });
    const queued = message('queued', 1);
    const sent = message('sent', 2);
    const failed = message('failed', 3);
    await db.insert(schema.outbox).values([queued, sent, failed]);

    const response = await admin.inject({ url: '/api/vitrine/owner/outbox' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      smtpConfigured: boolean;
      counts: Record<string, number>;
      messages: { id: string; status: string; lastError: string | null }[];
    }>();
    expect(body.smtpConfigured).toBe(false);
    expect(body.counts).toMatchObject({ queued: 1, sent: 1, failed: 1 });
    expect(body.messages.slice(0, 3).map((row) => row.id)).toEqual([failed.id, sent.id, queued.id]);
    expect(body.messages[0]).toMatchObject({
      to: 'failed@example.com',
      subject: 'A failed message',
      lastError: 'connect ECONNREFUSED',
      attempts: 1,
    });
    const onlyFailed = await admin.inject({ url: '/api/vitrine/owner/outbox?status=failed' });
    expect(onlyFailed.json<{ messages: { id: string }[] }>().messages.map((row) => row.id)).toEqual(
      [failed.id],
    );

    // Without SMTP a retried message waits in the outbox again, its attempts started over.
    const retry = await admin.inject({
      method: 'POST',
      url: `/api/vitrine/owner/outbox/${failed.id}/retry`,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({
      message: { id: failed.id, status: 'queued', attempts: 0 },
      result: 'kept-in-outbox',
    });
    const again = await admin.inject({
      method: 'POST',
      url: `/api/vitrine/owner/outbox/${sent.id}/retry`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('OUTBOX_ALREADY_SENT');
    const unknown = await admin.inject({
      method: 'POST',
      url: `/api/vitrine/owner/outbox/${randomUUID()}/retry`,
    });
    expect(unknown.statusCode).toBe(404);
    const noCsrf = await admin.inject({
      method: 'POST',
      url: `/api/vitrine/owner/outbox/${queued.id}/retry`,
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await manager.inject({ url: '/api/vitrine/owner/outbox' })).statusCode).toBe(403);
  });
});

describe('/api/vitrine/owner/site-settings', () => {
  it('reads and replaces pay-later, captcha and cookie settings, keeping the rest', async () => {
    const before = await admin.inject({ url: '/api/vitrine/owner/site-settings' });
    expect(before.statusCode).toBe(200);
    expect(Object.keys(before.json<object>()).sort()).toEqual([
      'captchaSettings',
      'cookieSettings',
      'payLater',
      'payLaterTeaser',
    ]);
    const invalidations = harness.invalidations();
    const stored = await settingsRow();
    const response = await admin.inject({
      method: 'PUT',
      url: '/api/vitrine/owner/site-settings',
      payload: {
        payLater: { stripeAccountCountry: 'GB', minCents: 500, maxCents: 100_000 },
        payLaterTeaser: true,
        captchaSettings: { provider: 'altcha', siteKey: 'on' },
        cookieSettings: { isCookieBannerEnabled: true, isRestrictiveCookiePolicyEnabled: true },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      payLater: { stripeAccountCountry: 'GB', minCents: 500, maxCents: 100_000 },
      payLaterTeaser: true,
      captchaSettings: { provider: 'altcha', siteKey: 'on' },
      cookieSettings: { isCookieBannerEnabled: true, isRestrictiveCookiePolicyEnabled: true },
    });
    expect(harness.invalidations()).toBe(invalidations + 1);
    const after = await settingsRow();
    expect(after.currency).toBe(stored.currency);
    expect(after.shippingRates).toEqual(stored.shippingRates);
    expect(after.featureFlags).toMatchObject({
      ...(stored.featureFlags as object),
      payLaterTeaser: true,
    });
  });

  it('refuses a bad value beside its field and changes nothing; settings:edit only', async () => {
    const stored = await settingsRow();
    const response = await admin.inject({
      method: 'PUT',
      url: '/api/vitrine/owner/site-settings',
      payload: {
        payLater: { stripeAccountCountry: 'usa', minCents: 900, maxCents: 100 },
        cookieSettings: { isCookieBannerEnabled: true, isRestrictiveCookiePolicyEnabled: false },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual(
      expect.objectContaining({ 'payLater.stripeAccountCountry': expect.any(String) }),
    );
    expect(await settingsRow()).toEqual(stored);
    for (const payload of [{}, { captchaSettings: { provider: 'other' } }, { extra: 1 }]) {
      const refused = await admin.inject({
        method: 'PUT',
        url: '/api/vitrine/owner/site-settings',
        payload,
      });
      expect([JSON.stringify(payload), refused.statusCode]).toEqual([JSON.stringify(payload), 400]);
    }
    expect((await manager.inject({ url: '/api/vitrine/owner/site-settings' })).statusCode).toBe(
      403,
    );
  });
});
