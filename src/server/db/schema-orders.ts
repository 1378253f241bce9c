/**
 * Orders: what a shopper bought, frozen at the moment of purchase. Lines copy title, sku,
 * attributes and unit price so a later catalog edit never rewrites history. Amounts are integer
 * minor units of the order's own currency; CHECK constraints hold the arithmetic:
 *   grand total = subtotal − discount + shipping + tax, and gift cards + payment = grand total.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, parentId, timestamptz } from './schema-columns.ts';
import type { GiftCardRecipient } from '../../shared/giftcards/recipient.ts';
import {
  FULFILLMENT_STATUSES,
  PAYMENT_STATUSES,
  type FulfillmentStatus,
  type PaymentStatus,
} from '../../shared/orders/statuses.ts';
import { siteUsers } from './schema-accounts.ts';
import { carts } from './schema-carts.ts';
import { siteRowColumns, sites } from './schema-sites.ts';

export interface OrderAddress {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode: string;
  country: string;
}

export interface OrderShippingOption {
  id: string;
  name: string;
  costCents: number;
}

export interface OrderTaxLine {
  id: string;
  name: string;
  country: string;
  region: string | null;
  rateBasisPoints: number;
  taxCents: number;
}

// The states live in src/shared: the owner app filters orders by the same lists.
export { FULFILLMENT_STATUSES, PAYMENT_STATUSES, type FulfillmentStatus, type PaymentStatus };

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

export const orders = pgTable(
  'orders',
  {
    ...siteRowColumns(),
    /**
     * What people see and say (1001, 1002, … per site, in creation order); the UUID stays the id.
     * Taken from order_number_counters inside the order's transaction, so a rolled-back order
     * leaves no gap and two concurrent orders never share one.
     */
    number: integer('number').notNull(),
    /** The logged-in site user who bought it, or the account later made with its email. */
    siteUserId: text('site_user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
    /** One order per cart; a purchased cart is history and may not be deleted under its order. */
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'restrict' }),
    /** The client's Idempotency-Key and a hash of what it asked, to answer replays and refuse reuse. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    // The column predates fulfilment; it holds the payment state.
    paymentStatus: text('status').$type<PaymentStatus>().notNull().default('paid'),
    fulfillmentStatus: text('fulfillment_status')
      .$type<FulfillmentStatus>()
      .notNull()
      .default('unfulfilled'),
    email: text('email').notNull(),
    currency: text('currency').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCostCents: integer('shipping_cost_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    grandTotalCents: integer('grand_total_cents').notNull(),
    /** Paid with gift cards (see gift_card_redemptions). */
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    /** Charged (or, while pending_payment, to be charged) through the payment provider. */
    amountPaidCents: integer('amount_paid_cents').notNull(),
    /** Given back through the provider by owners' refunds and cancellations. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** When the order's units went back to stock (cancel, refund with restock, expired payment). */
    stockReturnedAt: timestamptz('stock_returned_at'),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>(),
    shippingOption: jsonb('shipping_option').$type<OrderShippingOption>(),
    taxLines: jsonb('tax_lines').$type<OrderTaxLine[]>().notNull().default([]),
    paymentProvider: text('payment_provider').notNull(),
    /** The provider's reference for the charge; null when gift cards paid everything. */
    paymentReference: text('payment_reference'),
    /** A hosted payment page's session (Stripe Checkout) and where the shopper pays on it. */
    paymentSessionId: text('payment_session_id'),
    paymentUrl: text('payment_url'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_cart_key').on(t.cartId),
    uniqueIndex('orders_site_idempotency_key').on(t.siteId, t.idempotencyKey),
    uniqueIndex('orders_site_number_key').on(t.siteId, t.number),
    uniqueIndex('orders_payment_session_key').on(t.paymentSessionId),
    index('orders_site_email_idx').on(t.siteId, t.email),
    index('orders_site_user_idx').on(t.siteUserId),
    // Guest orders by address, case-insensitively: what a verified account takes at each login.
    index('orders_site_guest_email_idx')
      .on(t.siteId, sql`lower(${t.email})`)
      .where(sql`${t.siteUserId} is null`),
    index('orders_site_created_idx').on(t.siteId, t.createdAt),
    check('orders_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('orders_status_check', inList('status', PAYMENT_STATUSES)),
    check('orders_fulfillment_status_check', inList('fulfillment_status', FULFILLMENT_STATUSES)),
    check('orders_number_check', sql`${t.number} >= 1001`),
    check(
      'orders_refunded_check',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountPaidCents}`,
    ),
    check(
      'orders_amounts_check',
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.shippingCostCents} >= 0 and ${t.taxCents} >= 0 and ${t.giftCardCents} >= 0 and ${t.amountPaidCents} >= 0 and ${t.discountCents} <= ${t.subtotalCents}`,
    ),
    check(
      'orders_grand_total_check',
      sql`${t.grandTotalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.shippingCostCents} + ${t.taxCents}`,
    ),
    check(
      'orders_paid_check',
      sql`${t.giftCardCents} + ${t.amountPaidCents} = ${t.grandTotalCents}`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: text('id').primaryKey(),
    orderId: parentId('order_id', () => orders.id),
    position: integer('position').notNull(),
    // Copies, not foreign keys: the catalog may change or lose the product later.
    productId: text('product_id').notNull(),
    variantId: text('variant_id').notNull(),
    productType: smallint('product_type').notNull(),
    title: text('title').notNull(),
    sku: text('sku'),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    additionalFields: jsonb('additional_fields').$type<Record<string, unknown>>(),
    /** Copied from the cart entry: who the line's gift cards are sent to, with the message. */
    giftCardRecipient: jsonb('gift_card_recipient').$type<GiftCardRecipient>(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    check('order_lines_quantity_check', sql`${t.quantity} between 1 and 9999`),
    check('order_lines_price_check', sql`${t.unitPriceCents} >= 0`),
    check(
      'order_lines_total_check',
      sql`${t.lineTotalCents} = ${t.unitPriceCents} * ${t.quantity}`,
    ),
  ],
);

/** Which coupon an order used, for the merchant's reports and future usage limits. */
export const couponUsages = pgTable(
  'coupon_usages',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    siteId: parentId('site_id', () => sites.id),
    /** Normalised (upper-case) code. */
    code: text('code').notNull(),
    discountCents: integer('discount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('coupon_usages_site_code_idx').on(t.siteId, t.code),
    check('coupon_usages_discount_check', sql`${t.discountCents} >= 0`),
  ],
);
