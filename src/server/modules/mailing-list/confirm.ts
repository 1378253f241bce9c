/** Double opt-in confirmation: a pending subscriber's single-use, unexpired token makes them subscribed. */
import { and, eq, gt, sql } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import { sha256 } from './links.ts';

const { mailingSubscribers } = schema;

export async function confirmSubscription(db: AppDb, token: string): Promise<boolean> {
  if (token.length === 0 || token.length > 200) return false;
  const rows = await db
    .update(mailingSubscribers)
    .set({
      status: 'subscribed',
      confirmTokenHash: null,
      confirmExpiresAt: null,
      confirmedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(mailingSubscribers.confirmTokenHash, sha256(token)),
        eq(mailingSubscribers.status, 'pending'),
        gt(mailingSubscribers.confirmExpiresAt, sql`now()`),
      ),
    )
    .returning({ id: mailingSubscribers.id });
  return rows.length === 1;
}
