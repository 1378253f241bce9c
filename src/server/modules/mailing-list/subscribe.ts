/**
 * Adding a subscriber to a site's list (newsletter forms now, the restock opt-in later).
 *
 * One upsert per (site, list, email), so two sign-ups at once cannot make two rows:
 * - new, or previously unsubscribed: 'pending' with a fresh confirmation token when the
 *   connection asks for double opt-in, else 'subscribed';
 * - already pending: a fresh token (the newest email's link works; older ones stop);
 * - already subscribed: unchanged, and no email.
 * A pending subscriber gets a confirmation email carrying the confirm link and, like every
 * email to a subscriber, an unsubscribe link to the newsletter-unsubscribe page.
 */
import { sql } from 'drizzle-orm';
import { isValidEmail, type MailingListConnection } from '../../../shared/forms/index.ts';
import { schema, type Database } from '../../db/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { SubscriberSource, SubscriberStatus } from '../../db/schema-mailing.ts';
import { confirmationEmail } from './emails.ts';
import { CONFIRM_TTL_MS, newConfirmToken, sha256 } from './links.ts';

const { mailingSubscribers } = schema;

export interface SubscribeInput {
  readonly siteId: string;
  readonly siteTitle: string;
  readonly connection: MailingListConnection;
  readonly email: string;
  readonly source: SubscriberSource;
  readonly formId?: string;
  /** Origin of the links in the email. */
  readonly origin: string;
  readonly secret: string;
  /** The process's mailer: the confirmation email is handed over after the row is written. */
  readonly mailer: Mailer;
}

/** pending: a confirmation email is queued; subscribed: on the list (newly or already). */
export type SubscribeOutcome = 'pending' | 'subscribed' | 'invalid-email';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function subscribe(
  database: Database,
  input: SubscribeInput,
): Promise<SubscribeOutcome> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) return 'invalid-email';
  const doubleOptIn = input.connection.doubleOptIn;
  const token = newConfirmToken();
  const status: SubscriberStatus = doubleOptIn ? 'pending' : 'subscribed';
  const expiresAt = new Date(Date.now() + CONFIRM_TTL_MS);
  const wasSubscribed = sql`${mailingSubscribers.status} = 'subscribed'`;

  // One statement, so no transaction is needed: the row is committed before any mail is queued.
  const [row] = await database.db
    .insert(mailingSubscribers)
    .values({
      siteId: input.siteId,
      listId: input.connection.list,
      email,
      status,
      source: input.source,
      formId: input.formId ?? null,
      confirmTokenHash: doubleOptIn ? sha256(token) : null,
      confirmExpiresAt: doubleOptIn ? expiresAt : null,
      confirmedAt: doubleOptIn ? null : new Date(),
    })
    .onConflictDoUpdate({
      target: [mailingSubscribers.siteId, mailingSubscribers.listId, mailingSubscribers.email],
      set: {
        status: sql`case when ${wasSubscribed} then 'subscribed' else excluded.status end`,
        confirmTokenHash: sql`case when ${wasSubscribed} then null else excluded.confirm_token_hash end`,
        confirmExpiresAt: sql`case when ${wasSubscribed} then null else excluded.confirm_expires_at end`,
        // A re-subscribe through another form or the restock opt-in keeps the first source.
        confirmedAt: sql`case when ${wasSubscribed} then ${mailingSubscribers.confirmedAt} else excluded.confirmed_at end`,
        unsubscribedAt: sql`null`,
        updatedAt: sql`now()`,
      },
    })
    .returning({
      id: mailingSubscribers.id,
      status: mailingSubscribers.status,
      confirmTokenHash: mailingSubscribers.confirmTokenHash,
    });
  if (!row) throw new Error('subscriber upsert returned no row');
  if (row.status !== 'pending' || row.confirmTokenHash !== sha256(token)) return 'subscribed';
  const queued = await input.mailer.deliverLater(
    confirmationEmail({
      siteId: input.siteId,
      siteTitle: input.siteTitle,
      to: email,
      subscriberId: row.id,
      token,
      origin: input.origin,
      secret: input.secret,
    }),
  );
  // The subscriber stays pending; signing up again sends a fresh confirmation.
  if (queued.status === 'not-written')
    throw new Error(`confirmation email not queued: ${queued.error}`);
  return 'pending';
}
