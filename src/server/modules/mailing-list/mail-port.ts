/**
 * How the mailing list hands an email over for sending. The mail module (src/server/modules/mail)
 * is not written yet; its outbox table is (schema-mail.ts: a 'queued' row is the delivery until
 * SMTP is configured), so emails are queued there directly. When the mail module lands, this
 * file becomes a call to it and nothing else in the mailing list changes.
 */
import { randomUUID } from 'node:crypto';
import { schema, type AppDb, type AppTx } from '../../db/index.ts';

const { outbox } = schema;

export interface MailMessage {
  readonly siteId: string;
  /** What the message is, e.g. 'newsletter-confirmation'. */
  readonly kind: string;
  /** With kind, identifies the message: a retry of the same reference is not sent twice. */
  readonly reference: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export async function queueMail(db: AppDb | AppTx, message: MailMessage): Promise<void> {
  await db
    .insert(outbox)
    .values({
      id: randomUUID(),
      siteId: message.siteId,
      kind: message.kind,
      reference: message.reference,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
    })
    .onConflictDoNothing();
}
