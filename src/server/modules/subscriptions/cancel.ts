/**
 * A site user cancels one of their subscriptions. Cancelling is immediate: no later cycle is
 * billed (a renewal in flight at that moment finds the subscription no longer active and rolls
 * back, refunding its charge). Cancelling a cancelled subscription answers it as it is; one that
 * already completed cannot be cancelled; someone else's is not found.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors.ts';
import { schema, type Database } from '../../db/index.ts';
import { findSubscriptionViews, type OwnerSubscriptionView } from './subscription-view.ts';

const { subscriptions } = schema;

export interface CancelInput {
  readonly siteId: string;
  readonly siteUserId: string;
  readonly subscriptionId: string;
  readonly now: Date;
}

export async function cancelSubscription(
  database: Database,
  input: CancelInput,
): Promise<OwnerSubscriptionView> {
  const { db } = database;
  const theirs = and(
    eq(subscriptions.id, input.subscriptionId),
    eq(subscriptions.siteId, input.siteId),
    eq(subscriptions.siteUserId, input.siteUserId),
  );
  const cancelled = await db
    .update(subscriptions)
    .set({ status: 'cancelled', cancelledAt: input.now, updatedAt: sql`now()` })
    .where(and(theirs, eq(subscriptions.status, 'active')))
    .returning({ id: subscriptions.id });
  const [view] = await findSubscriptionViews(db, theirs, 1);
  if (!view) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  if (cancelled.length === 0 && view.status === 'completed')
    throw new AppError('SUBSCRIPTION_NOT_ACTIVE');
  return view;
}
