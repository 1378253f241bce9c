/**
 * After an owner action commits: the customer's email for it (shipping when asked, refund,
 * cancellation) goes to the outbox, and the timeline records it as sent. Mail never fails the
 * action that caused it.
 */
import { eq } from 'drizzle-orm';
import { schema, type Database } from '../../db/index.ts';
import type { Mailer, MailMessage } from '../mail/index.ts';
import { cancellationEmail, refundEmail, shippingEmail } from './lifecycle-emails.ts';
import { recordOrderEvent } from './order-events.ts';
import type { CommittedAction } from './owner-action-routes.ts';

export async function mailAfterAction(
  deps: {
    database: Database;
    mailer: Mailer;
    log: { error(object: object, message: string): void };
  },
  action: CommittedAction,
): Promise<void> {
  const { db } = deps.database;
  const [site] = await db
    .select({ id: schema.sites.id, title: schema.sites.title })
    .from(schema.sites)
    .where(eq(schema.sites.id, action.siteId));
  if (!site) return;
  const { order } = action;
  let message: MailMessage | undefined;
  if (action.kind === 'fulfilment' && action.body.notifyCustomer === true)
    message = shippingEmail(order, site);
  if (action.kind === 'refund' && typeof action.body.amount === 'number')
    message = refundEmail(order, site, action.body.amount);
  if (action.kind === 'cancel') message = cancellationEmail(order, site);
  if (!message) return;
  const result = await deps.mailer.deliverLater(message);
  if (result.status === 'not-written')
    deps.log.error({ orderId: order.id, error: result.error }, `${message.kind} email not written`);
  if (result.status === 'queued')
    await recordOrderEvent(db, {
      orderId: order.id,
      type: 'email_sent',
      data: { kind: message.kind, to: message.to },
    });
}
