/**
 * One order as owners see it: the shopper's view (lines, totals, number, states) plus each
 * line's answers to the product's extra fields, the address, shipping, taxes, payment, what is
 * left to refund, the fulfilment (carrier and tracking) and the timeline.
 */
import { and, eq } from 'drizzle-orm';
import { answerLines, type AnswerLine } from '../../../shared/cart/entry-answers.ts';
import { schema, type AppDb } from '../../db/index.ts';
import type { OrderAddress, OrderShippingOption, OrderTaxLine } from '../../db/schema-orders.ts';
import { loadAnswerTitles } from '../forms/index.ts';
import { loadOrderEvents, type OrderEventView } from './order-events.ts';
import { loadOrderView, type OrderEntryView, type OrderView } from './order-view.ts';

const { orders, orderLines } = schema;

export interface FulfillmentView {
  readonly carrier: string | null;
  readonly trackingNumber: string | null;
  readonly trackingUrl: string | null;
  readonly created: number;
}

export interface OwnerOrderEntryView extends OrderEntryView {
  /** What the shopper answered in the product's extra-fields form; null without one. */
  readonly additionalFields: Record<string, unknown> | null;
  /** The same answers under their fields' titles, in the form's order (docs/behaviour/owner-side.md). */
  readonly answers: AnswerLine[];
}

export interface OwnerOrderView extends Omit<OrderView, 'entries'> {
  readonly entries: OwnerOrderEntryView[];
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
  // The titles come from the product's extra-fields form as it is now; a field since removed
  // (or a deleted product) shows under its id rather than hiding what the shopper answered.
  const answers = await db
    .select({ id: orderLines.id, additionalFields: orderLines.additionalFields })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const answersByLine = new Map(answers.map((line) => [line.id, line.additionalFields]));
  const titlesByProduct = await loadAnswerTitles(
    db,
    view.entries.map((entry) => entry.itemId),
  );
  const events = await loadOrderEvents(db, orderId);
  const fulfilled = events.find((event) => event.type === 'fulfilled');
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    ...view,
    ...row,
    entries: view.entries.map((entry) => {
      const additionalFields = answersByLine.get(entry.id) ?? null;
      return {
        ...entry,
        additionalFields,
        answers: answerLines(additionalFields, titlesByProduct.get(entry.itemId)),
      };
    }),
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
