/**
 * Subscriptions (docs/behaviour/subscriptions.md#subscription-plans): bought through a cart of kind
 * 'subscription' holding one item; the order that buys that cart is cycle 1 and starts the row.
 * Each later cycle is a renewal order of its own (a fresh subscription cart bought with the
 * stored payment), linked through `subscription_orders`.
 *
 * - The plan is copied from the product at purchase, so a later catalog edit changes nothing
 *   for existing subscribers; `numBillingCycles` 0 means it renews until cancelled.
 * - Billing dates are counted from `billing_anchor` (the first order's time), so month-end dates
 *   do not drift: a subscription started on Jan 31 bills Feb 28/29, Mar 31, Apr 30, ….
 * - A renewal job claims a row by a conditional UPDATE of `claim_token`/`claimed_until`; the
 *   claim expires, so a crashed job never blocks a subscription for good.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, parentId, timestamptz, updatedAt } from './schema-columns.ts';
import { siteUsers } from './schema-accounts.ts';
import { orders, type OrderAddress } from './schema-orders.ts';
import { carts } from './schema-carts.ts';
import { siteRowColumns } from './schema-sites.ts';

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'completed'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const BILLING_UNITS = ['WEEK', 'MONTH', 'YEAR'] as const;

const inList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

export const subscriptions = pgTable(
  'subscriptions',
  {
    ...siteRowColumns(),
    /** The logged-in site user who subscribed; null for a guest (known by `email` only). */
    siteUserId: text('site_user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** The subscription cart the first order bought: one subscription per cart. */
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'restrict' }),
    firstOrderId: text('first_order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    // What each cycle delivers. Not foreign keys: a renewal of a product that is gone fails
    // with a reason instead of the subscription disappearing.
    productId: text('product_id').notNull(),
    variantId: text('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    additionalFields: jsonb('additional_fields').$type<Record<string, unknown>>(),
    currency: text('currency').notNull(),
    billingValue: integer('billing_value').notNull(),
    billingUnit: text('billing_unit').$type<(typeof BILLING_UNITS)[number]>().notNull(),
    /** 0: renews until cancelled. */
    numBillingCycles: integer('num_billing_cycles').notNull(),
    /** Cycles paid so far; the first order is cycle 1. */
    cyclesCompleted: integer('cycles_completed').notNull().default(1),
    billingAnchor: timestamptz('billing_anchor').notNull(),
    /** When the next cycle is billed (meaningful while active). */
    nextRenewalAt: timestamptz('next_renewal_at').notNull(),
    /** When the job next tries: the renewal date, or later after a failed attempt. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    paymentProvider: text('payment_provider').notNull(),
    /** The stored payment token renewals are charged with (the test provider's outcome token). */
    paymentToken: text('payment_token').notNull(),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>(),
    shippingOptionId: text('shipping_option_id'),
    /** Failed renewal attempts since the last paid cycle, and the last one's reason. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lastFailureReason: text('last_failure_reason'),
    lastFailureAt: timestamptz('last_failure_at'),
    claimToken: text('claim_token'),
    claimedUntil: timestamptz('claimed_until'),
    cancelledAt: timestamptz('cancelled_at'),
    completedAt: timestamptz('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_cart_key').on(t.cartId),
    index('subscriptions_due_idx').on(t.status, t.nextAttemptAt),
    index('subscriptions_site_user_idx').on(t.siteId, t.siteUserId),
    index('subscriptions_site_created_idx').on(t.siteId, t.createdAt),
    check('subscriptions_status_check', sql.raw(`status in (${inList(SUBSCRIPTION_STATUSES)})`)),
    check(
      'subscriptions_billing_unit_check',
      sql.raw(`billing_unit in (${inList(BILLING_UNITS)})`),
    ),
    check('subscriptions_billing_value_check', sql`${t.billingValue} >= 1`),
    check('subscriptions_quantity_check', sql`${t.quantity} between 1 and 9999`),
    check(
      'subscriptions_cycles_check',
      sql`${t.numBillingCycles} >= 0 and ${t.cyclesCompleted} >= 1 and (${t.numBillingCycles} = 0 or ${t.cyclesCompleted} <= ${t.numBillingCycles})`,
    ),
    check('subscriptions_failed_attempts_check', sql`${t.failedAttempts} >= 0`),
  ],
);

/** Every order of a subscription with the cycle it paid (the first order is cycle 1). */
export const subscriptionOrders = pgTable(
  'subscription_orders',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    subscriptionId: parentId('subscription_id', () => subscriptions.id),
    cycle: integer('cycle').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One order per cycle: a second renewal of the same cycle cannot be written.
    uniqueIndex('subscription_orders_cycle_key').on(t.subscriptionId, t.cycle),
    check('subscription_orders_cycle_check', sql`${t.cycle} >= 1`),
  ],
);
