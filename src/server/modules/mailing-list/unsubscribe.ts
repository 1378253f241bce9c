/** Unsubscribing by the token of an email's unsubscribe link. Idempotent: a second click also succeeds. */
import { and, eq, ne, sql } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import { readUnsubscribeToken } from './links.ts';

const { mailingSubscribers } = schema;

/** False when the token is not genuine or names no subscriber. */
export async function unsubscribe(db: AppDb, secret: string, token: string): Promise<boolean> {
  const id = readUnsubscribeToken(secret, token);
  if (id === undefined) return false;
  await db
    .update(mailingSubscribers)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: sql`now()`,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(mailingSubscribers.id, id), ne(mailingSubscribers.status, 'unsubscribed')));
  const [row] = await db
    .select({ id: mailingSubscribers.id })
    .from(mailingSubscribers)
    .where(eq(mailingSubscribers.id, id));
  return row !== undefined;
}
