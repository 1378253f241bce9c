/**
 * Subscriptions as the account and owner APIs answer them. Dates are epoch milliseconds like
 * the orders' `created`; the stored payment token is never part of an answer.
 */
import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { BillingUnit } from '../../../shared/subscriptions/wording.ts';
import { subscriptionWording } from '../../../shared/subscriptions/wording.ts';
import { schema, type AppDb } from '../../db/index.ts';
import type { SubscriptionStatus } from '../../db/schema.ts';

const { subscriptions, subscriptionOrders, products } = schema;

export interface SubscriptionView {
  readonly id: string;
  readonly status: SubscriptionStatus;
  readonly email: string;
  readonly itemId: string;
  readonly variantId: string;
  /** The product's title now; null when it was removed from the catalog. */
  readonly title: string | null;
  readonly quantity: number;
  readonly additionalFields: Record<string, unknown> | null;
  readonly billingPeriod: { readonly value: number; readonly unit: BillingUnit };
  readonly numBillingCycles: number;
  /** 'every month for 1 year' (docs/behaviour/subscriptions.md#wording). */
  readonly wording: string;
  readonly cyclesCompleted: number;
  /** When the next cycle bills; null once the subscription has ended. */
  readonly nextRenewal: number | null;
  readonly failedAttempts: number;
  readonly lastFailureReason: string | null;
  readonly lastFailureAt: number | null;
  /** Every order of the subscription, cycle 1 (the first order) first. */
  readonly orders: readonly { readonly orderId: string; readonly cycle: number }[];
  readonly created: number;
  readonly cancelledAt: number | null;
  readonly completedAt: number | null;
}

export interface OwnerSubscriptionView extends SubscriptionView {
  readonly siteUserId: string | null;
}

const viewColumns = {
  id: subscriptions.id,
  status: subscriptions.status,
  email: subscriptions.email,
  siteUserId: subscriptions.siteUserId,
  itemId: subscriptions.productId,
  variantId: subscriptions.variantId,
  title: products.title,
  quantity: subscriptions.quantity,
  additionalFields: subscriptions.additionalFields,
  billingValue: subscriptions.billingValue,
  billingUnit: subscriptions.billingUnit,
  numBillingCycles: subscriptions.numBillingCycles,
  cyclesCompleted: subscriptions.cyclesCompleted,
  nextRenewalAt: subscriptions.nextRenewalAt,
  failedAttempts: subscriptions.failedAttempts,
  lastFailureReason: subscriptions.lastFailureReason,
  lastFailureAt: subscriptions.lastFailureAt,
  createdAt: subscriptions.createdAt,
  cancelledAt: subscriptions.cancelledAt,
  completedAt: subscriptions.completedAt,
};

const time = (date: Date | null) => (date === null ? null : date.getTime());

/**
 * Subscriptions matching `where`, newest first (`limit` rows at most), with their orders.
 */
export async function findSubscriptionViews(
  db: AppDb,
  where: SQL | undefined,
  limit?: number,
): Promise<OwnerSubscriptionView[]> {
  const query = db
    .select(viewColumns)
    .from(subscriptions)
    .leftJoin(products, eq(products.id, subscriptions.productId))
    .where(where)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  const ids = rows.map((row) => row.id);
  const links =
    ids.length === 0
      ? []
      : await db
          .select({
            subscriptionId: subscriptionOrders.subscriptionId,
            orderId: subscriptionOrders.orderId,
            cycle: subscriptionOrders.cycle,
          })
          .from(subscriptionOrders)
          .where(inArray(subscriptionOrders.subscriptionId, ids))
          .orderBy(asc(subscriptionOrders.cycle));
  return rows.map((row) => {
    const plan = {
      billingPeriod: { value: row.billingValue, unit: row.billingUnit },
      numBillingCycles: row.numBillingCycles,
    };
    return {
      id: row.id,
      status: row.status,
      email: row.email,
      siteUserId: row.siteUserId,
      itemId: row.itemId,
      variantId: row.variantId,
      title: row.title,
      quantity: row.quantity,
      additionalFields: row.additionalFields,
      ...plan,
      wording: subscriptionWording(plan),
      cyclesCompleted: row.cyclesCompleted,
      nextRenewal: row.status === 'active' ? row.nextRenewalAt.getTime() : null,
      failedAttempts: row.failedAttempts,
      lastFailureReason: row.lastFailureReason,
      lastFailureAt: time(row.lastFailureAt),
      orders: links
        .filter((link) => link.subscriptionId === row.id)
        .map(({ orderId, cycle }) => ({ orderId, cycle })),
      created: row.createdAt.getTime(),
      cancelledAt: time(row.cancelledAt),
      completedAt: time(row.completedAt),
    };
  });
}

/** The account view: the owner view without the site user id (it is the caller's own). */
export function forAccount({
  siteUserId: _unused,
  ...view
}: OwnerSubscriptionView): SubscriptionView {
  return view;
}
