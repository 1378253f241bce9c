/**
 * One order as owners see it: the shopper's view (lines, totals, number, states) plus the
 * address, shipping, taxes, payment, what is left to refund, the fulfilment (carrier and
 * tracking) and the timeline.
 */
import { and, eq } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import type { OrderAddress, OrderShippingOption, OrderTaxLine } from '../../db/schema-orders.ts';
import { loadOrderEvents, type OrderEventView } from './order-events.ts';
import { loadOrderView, type OrderView } from './order-view.ts';

const { orders } = schema;

export interface FulfillmentView {
  readonly carrier: string | null;
  readonly trackingNumber: string | null;
  readonly trackingUrl: string | null;
  readonly created: number;
}

export interface OwnerOrderView extends OrderView {
  /** The payment state again, under the name earlier clients read. */
  readonly status: OrderView['paymentStatus'];
  readonly shippingAddress: OrderAddress | null;
  readonly shippingOption: OrderShippingOption | null;
  readonly taxLines: OrderTaxLine[];
  readonly paymentProvider: string;
  readonly paymentReference: string | null;
  /** amountPaidCents − refundedCents: the most a refund may be now. */
  readonly refundableCents: number;
  readonly fulfillment: FulfillmentView | null;
  readonly events: OrderEventView[];
}

export async function loadOwnerOrder(
  db: AppDb,
  siteId: string,
  orderId: string,
): Promise<OwnerOrderView | undefined> {
  const [row] = await db
    .select({
      shippingAddress: orders.shippingAddress,
      shippingOption: orders.shippingOption,
      taxLines: orders.taxLines,
      paymentProvider: orders.paymentProvider,
      paymentReference: orders.paymentReference,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.siteId, siteId)));
  if (!row) return undefined;
  const view = await loadOrderView(db, orderId);
  if (!view) return undefined;
  const events = await loadOrderEvents(db, orderId);
  const fulfilled = events.find((event) => event.type === 'fulfilled');
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    ...view,
    ...row,
    status: view.paymentStatus,
    refundableCents: view.amountPaidCents - view.refundedCents,
    fulfillment: fulfilled
      ? {
          carrier: text(fulfilled.data.carrier),
          trackingNumber: text(fulfilled.data.trackingNumber),
          trackingUrl: text(fulfilled.data.trackingUrl),
          created: fulfilled.created,
        }
      : null,
    events,
  };
}
