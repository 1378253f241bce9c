import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Database } from '../../db/index.ts';
import { createTestDatabase } from '../../../../test/helpers/db.ts';
import { closedPort, startFakeSmtp, type FakeSmtp } from '../../../../test/helpers/fake-smtp.ts';
import { createMailer, senderAddress, type MailMessage } from './mailer.ts';

let database: Database;
let cleanup: () => Promise<void>;
let smtp: FakeSmtp;

beforeAll(async () => {
  ({ database, cleanup } = await createTestDatabase());
  await database.db.insert(schema.sites).values({ id: 'site', title: 'Shop "Nice"' });
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.close();
  await cleanup();
});

let n = 0;
const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  siteId: 'site',
  kind: 'test',
  reference: `ref-${(n += 1)}`,
  to: 'ada@example.com',
  subject: 'Hello',
  text: 'Body text',
  ...overrides,
});

async function row(id: string) {
  const [found] = await database.db.select().from(schema.outbox).where(eq(schema.outbox.id, id));
  return found;
}

describe('mailer', () => {
  it('without SMTP keeps each message queued in the outbox, once per kind and reference', async () => {
    const mailer = createMailer({ database });
    const first = message();
    const queued = await mailer.deliverLater(first);
    expect(queued.status).toBe('queued');
    if (queued.status !== 'queued') return;
    expect(await row(queued.id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      toAddress: 'ada@example.com',
      sentAt: null,
    });
    expect(await mailer.enqueue(first)).toEqual({ status: 'duplicate' });
    expect(await mailer.send(queued.id)).toEqual({ status: 'kept-in-outbox' });
  });

  it('sends through SMTP with the site title as the sender name and marks the row sent', async () => {
    const mailer = createMailer({ database, smtpUrl: smtp.url });
    const queued = await mailer.deliverLater(message({ subject: 'Your order', text: 'Thanks!' }));
    await mailer.idle();
    if (queued.status !== 'queued') throw new Error(queued.status);
    expect(await row(queued.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect((await row(queued.id))?.sentAt).toBeInstanceOf(Date);
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual(['<ada@example.com>']);
    expect(mail?.data).toContain('From: "Shop \\"Nice\\"" <no-reply@127.0.0.1>');
    expect(mail?.data).toContain('Subject: Your order');
    expect(mail?.data).toContain('Thanks!');
  });

  it('keeps a message that SMTP refused as failed, with the error, for a retry', async () => {
    const mailer = createMailer({ database, smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    const queued = await mailer.enqueue(message());
    if (queued.status !== 'queued') throw new Error(queued.status);
    const sent = await mailer.send(queued.id);
    expect(sent.status).toBe('failed');
    const failed = await row(queued.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(failed?.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it('uses a transport given to it, and records what it throws', async () => {
    const mailer = createMailer({
      database,
      transport: { sendMail: () => Promise.reject(new Error('mailbox full')) },
    });
    const queued = await mailer.deliverLater(message());
    await mailer.idle();
    if (queued.status !== 'queued') throw new Error(queued.status);
    expect(await row(queued.id)).toMatchObject({
      status: 'failed',
      lastError: 'Error: mailbox full',
    });
  });

  it('relays what other modules queued and retries failures, up to maxAttempts, each row once', async () => {
    await database.db.delete(schema.outbox);
    const { db } = database;
    const direct = {
      siteId: 'site',
      kind: 'other-module',
      toAddress: 'x@example.com',
      subject: 'Queued elsewhere',
      textBody: 'hi',
    };
    await db.insert(schema.outbox).values([
      { ...direct, id: 'q1', reference: 'a' },
      { ...direct, id: 'f1', reference: 'b', status: 'failed', attempts: 1, lastError: 'earlier' },
      {
        ...direct,
        id: 'dead',
        reference: 'c',
        status: 'failed',
        attempts: 5,
        lastError: 'gave up',
      },
    ]);
    const mailer = createMailer({ database, smtpUrl: smtp.url });
    const results = await mailer.sendWaiting({ limit: 10, maxAttempts: 5 });
    expect(results).toEqual([{ status: 'sent' }, { status: 'sent' }]);
    expect(await row('q1')).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await row('f1')).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(await row('dead')).toMatchObject({ status: 'failed', attempts: 5 });
    expect(await mailer.sendWaiting({ limit: 10, maxAttempts: 5 })).toEqual([]);
    // A row already sent is not sent again.
    expect(await mailer.send('q1')).toEqual({ status: 'sent' });
    expect(smtp.received.filter((m) => m.data.includes('Queued elsewhere'))).toHaveLength(2);
    expect(await createMailer({ database }).sendWaiting({ limit: 10, maxAttempts: 5 })).toEqual([]);
  });

  it('never throws, even when the outbox cannot be written', async () => {
    const { database: other, cleanup: done } = await createTestDatabase();
    await done();
    const result = await createMailer({ database: other }).enqueue(message());
    expect(result.status).toBe('not-written');
  });

  it('sends from the SMTP user when it is an address, else no-reply at the host', () => {
    expect(senderAddress('smtp://shop%40example.com:pw@mail.example.com:587')).toBe(
      'shop@example.com',
    );
    expect(senderAddress('smtps://apikey:pw@smtp.example.net')).toBe('no-reply@smtp.example.net');
    expect(senderAddress(undefined)).toBe('no-reply@localhost');
  });
});
