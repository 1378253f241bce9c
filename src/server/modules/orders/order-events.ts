/**
 * The order timeline: one row per thing that happened, only ever inserted. Owner actions name
 * the owner; the shopper, the payment provider and the system leave it empty.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import type { OrderEventType } from '../../db/schema-order-history.ts';

const { orderEvents } = schema;

export interface EventActor {
  readonly id: string;
  readonly email: string;
}

export interface OrderEventView {
  readonly type: OrderEventType;
  readonly data: Record<string, unknown>;
  /** The owner who did it; null for the shopper, the payment provider or the system. */
  readonly owner: { readonly id: string; readonly email: string | null } | null;
  readonly created: number;
}

export interface NewOrderEvent {
  readonly orderId: string;
  readonly type: OrderEventType;
  readonly data?: Record<string, unknown>;
  readonly owner?: EventActor | null;
}

/**
 * Several events in one statement, timed in row order after every earlier event of their order.
 * clock_timestamp() alone is not enough: a coarse clock (PGlite's) gives rows of one statement,
 * or statements close together, the same instant, and the timeline's order then fell to the ids.
 */
export async function recordOrderEvents(
  db: AppDb,
  events: readonly NewOrderEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await db.insert(orderEvents).values(
    events.map((event, index) => ({
      id: randomUUID(),
      orderId: event.orderId,
      type: event.type,
      data: event.data ?? {},
      ownerId: event.owner?.id ?? null,
      ownerEmail: event.owner?.email ?? null,
      createdAt: sql`greatest(clock_timestamp(), (select max(e.created_at) from ${orderEvents} e where e.order_id = ${event.orderId}) + interval '1 microsecond') + ${index}::int * interval '1 microsecond'`,
    })),
  );
}

export function recordOrderEvent(db: AppDb, event: NewOrderEvent): Promise<void> {
  return recordOrderEvents(db, [event]);
}

/** Oldest first: recordOrderEvents times each event after the ones before it. */
export async function loadOrderEvents(db: AppDb, orderId: string): Promise<OrderEventView[]> {
  const rows = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return rows.map((row) => ({
    type: row.type,
    data: row.data,
    owner: row.ownerId === null ? null : { id: row.ownerId, email: row.ownerEmail },
    created: row.createdAt.getTime(),
  }));
}
