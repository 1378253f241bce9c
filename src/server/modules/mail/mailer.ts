/**
 * The mailer. Every message is first written to the `outbox` table (at most one per kind and
 * reference, so a replayed order never mails twice). With SMTP_URL set it is then sent through
 * nodemailer and marked 'sent', or 'failed' with the error kept for a retry; without SMTP the
 * queued row is the delivery. Nothing here throws: mail is never a reason to fail the
 * request that caused it.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { schema, type Database } from '../../db/index.ts';

const { outbox, sites } = schema;

export interface MailMessage {
  readonly siteId: string | null;
  readonly kind: string;
  readonly reference: string | null;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The same message as HTML (src/server/modules/mail/email-layout.ts); text-only when absent. */
  readonly html?: string | undefined;
}

export type EnqueueResult =
  | { readonly status: 'queued'; readonly id: string }
  /** Already in the outbox for this kind and reference: nothing new to send. */
  | { readonly status: 'duplicate' }
  /** Not even the outbox could be written (database down); the caller logs it. */
  | { readonly status: 'not-written'; readonly error: string };

export type SendResult =
  /** kept-in-outbox: no SMTP configured; claimed-elsewhere: another process is sending it. */
  | { readonly status: 'sent' | 'kept-in-outbox' | 'claimed-elsewhere' }
  | { readonly status: 'failed'; readonly error: string };

/** The part of a nodemailer transport the mailer uses; tests pass their own. */
export interface MailTransport {
  sendMail(message: {
    from: string | { name: string; address: string };
    to: string;
    subject: string;
    text: string;
    html?: string;
  }): Promise<unknown>;
}

export interface Mailer {
  /** Writes the message to the outbox; never throws. */
  enqueue(message: MailMessage): Promise<EnqueueResult>;
  /** Sends an outbox row through SMTP when configured; never throws. */
  send(id: string): Promise<SendResult>;
  /**
   * Sends what waits in the outbox (queued by any module, or failed before) oldest first,
   * skipping rows tried `maxAttempts` times; [] without SMTP.
   */
  sendWaiting(options: { limit: number; maxAttempts: number }): Promise<SendResult[]>;
  /** enqueue, then send in the background (the caller's response does not wait for SMTP). */
  deliverLater(message: MailMessage): Promise<EnqueueResult>;
  /** Resolves when background sends have finished (shutdown, tests). */
  idle(): Promise<void>;
}

/** Past these a slow SMTP server fails the send (and the outbox keeps it) instead of hanging. */
const SMTP_TIMEOUTS_MS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
};
const MAX_ERROR_LENGTH = 1_000;

/**
 * How long a send holds its row: well past the SMTP timeouts above, so a slow send is never
 * taken over, and short enough that a row whose sender died is retried the same hour.
 */
export const OUTBOX_CLAIM_MS = 5 * 60 * 1000;

/** Nobody is sending the row: never claimed, released, or the claim ran out. */
const claimIsFree = or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, sql`now()`));

export function smtpTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS_MS });
}

/** The From address: the SMTP user when it is an address, else no-reply at the SMTP host. */
export function senderAddress(smtpUrl: string | undefined): string {
  if (!smtpUrl) return 'no-reply@localhost';
  const url = new URL(smtpUrl);
  const user = decodeURIComponent(url.username);
  return user.includes('@') ? user : `no-reply@${url.hostname}`;
}

export function createMailer(options: {
  database: Database;
  smtpUrl?: string | undefined;
  transport?: MailTransport | undefined;
}): Mailer {
  const transport =
    options.transport ?? (options.smtpUrl ? smtpTransport(options.smtpUrl) : undefined);
  const from = senderAddress(options.smtpUrl);
  const { db } = options.database;

  const pending = new Set<Promise<SendResult>>();

  const mailer: Mailer = {
    async enqueue(message) {
      const id = randomUUID();
      try {
        const inserted = await db
          .insert(outbox)
          .values({
            id,
            siteId: message.siteId,
            kind: message.kind,
            reference: message.reference,
            toAddress: message.to,
            subject: message.subject,
            textBody: message.text,
            htmlBody: message.html ?? null,
          })
          .onConflictDoNothing({ target: [outbox.kind, outbox.reference] })
          .returning({ id: outbox.id });
        return inserted.length === 0 ? { status: 'duplicate' } : { status: 'queued', id };
      } catch (error) {
        return { status: 'not-written', error: errorText(error) };
      }
    },

    async send(id) {
      if (!transport) return { status: 'kept-in-outbox' };
      try {
        // The From name is the site's title at sending time.
        const [row] = await db
          .select({
            toAddress: outbox.toAddress,
            subject: outbox.subject,
            textBody: outbox.textBody,
            htmlBody: outbox.htmlBody,
            status: outbox.status,
            attempts: outbox.attempts,
            siteTitle: sites.title,
          })
          .from(outbox)
          .leftJoin(sites, eq(sites.id, outbox.siteId))
          .where(eq(outbox.id, id));
        if (!row) return { status: 'failed', error: `no outbox message ${id}` };
        if (row.status === 'sent') return { status: 'sent' };
        // Claim the row while it is sent: of every process relaying it (and a request's own
        // background send), one passes, and no other passes until the claim is released or
        // runs out (docs/adr/013-several-processes.md).
        const claimed = await db
          .update(outbox)
          .set({
            attempts: sql`${outbox.attempts} + 1`,
            claimedUntil: sql`now() + ${OUTBOX_CLAIM_MS} * interval '1 millisecond'`,
          })
          .where(and(eq(outbox.id, id), ne(outbox.status, 'sent'), claimIsFree))
          .returning({ id: outbox.id });
        if (claimed.length === 0) return { status: 'claimed-elsewhere' };
        try {
          await transport.sendMail({
            // nodemailer quotes and encodes the name itself.
            from: row.siteTitle ? { name: row.siteTitle, address: from } : from,
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody,
            ...(row.htmlBody === null ? {} : { html: row.htmlBody }),
          });
        } catch (error) {
          const text = errorText(error);
          await db
            .update(outbox)
            .set({ status: 'failed', lastError: text, claimedUntil: null })
            .where(eq(outbox.id, id));
          return { status: 'failed', error: text };
        }
        await db
          .update(outbox)
          .set({ status: 'sent', sentAt: sql`now()`, lastError: null, claimedUntil: null })
          .where(eq(outbox.id, id));
        return { status: 'sent' };
      } catch (error) {
        // The database failed around the send: the row stays unsent and is retried later.
        return { status: 'failed', error: errorText(error) };
      }
    },

    async sendWaiting({ limit, maxAttempts }) {
      if (!transport) return [];
      const waiting = await db
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            inArray(outbox.status, ['queued', 'failed']),
            lt(outbox.attempts, maxAttempts),
            claimIsFree,
          ),
        )
        .orderBy(asc(outbox.createdAt))
        .limit(limit)
        .catch(() => []);
      const results: SendResult[] = [];
      for (const { id } of waiting) results.push(await mailer.send(id));
      return results;
    },

    async deliverLater(message) {
      const queued = await mailer.enqueue(message);
      if (queued.status === 'queued' && transport) {
        const sending = mailer.send(queued.id);
        pending.add(sending);
        void sending.finally(() => pending.delete(sending));
      }
      return queued;
    },

    async idle() {
      await Promise.all([...pending]);
    },
  };
  return mailer;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}
