/**
 * The emails of an order's life after checkout, each plain text with the site's name and the
 * order number: shipping confirmation (with the tracking link when the carrier is known),
 * refund and cancellation. One per kind and reference in the outbox, so a replayed action
 * never mails twice.
 */
import type { MailMessage } from '../mail/index.ts';
import { money } from './confirmation-email.ts';
import type { OwnerOrderView } from './owner-order-view.ts';

export const SHIPPING_EMAIL_KIND = 'order-shipped';
export const REFUND_EMAIL_KIND = 'order-refunded';
export const CANCELLATION_EMAIL_KIND = 'order-cancelled';

type Site = { readonly id: string; readonly title: string };

export function shippingEmail(order: OwnerOrderView, site: Site): MailMessage {
  const shipment = order.fulfillment;
  const tracking = shipment?.trackingNumber
    ? [
        `Carrier: ${shipment.carrier ?? 'not given'}`,
        `Tracking number: ${shipment.trackingNumber}`,
        ...(shipment.trackingUrl ? [`Track your parcel: ${shipment.trackingUrl}`] : []),
      ]
    : [];
  const items = order.entries.map((entry) => `- ${entry.quantity} × ${entry.title}`);
  return {
    siteId: site.id,
    kind: SHIPPING_EMAIL_KIND,
    reference: order.id,
    to: order.email,
    subject: `Your ${site.title} order #${order.number} is on its way`,
    text: [
      `Good news: your order #${order.number} from ${site.title} has shipped.`,
      '',
      ...(tracking.length > 0 ? [...tracking, ''] : []),
      ...items,
      '',
    ].join('\n'),
  };
}

export function refundEmail(order: OwnerOrderView, site: Site, amountCents: number): MailMessage {
  const m = (cents: number) => money(cents, order.currency);
  return {
    siteId: site.id,
    kind: REFUND_EMAIL_KIND,
    // Refunds only add up: the running total names this refund.
    reference: `${order.id}:${order.refundedCents}`,
    to: order.email,
    subject: `Refund for your ${site.title} order #${order.number}`,
    text: [
      `${site.title} has refunded ${m(amountCents)} on your order #${order.number}.`,
      `It goes back to the card you paid with; your bank may take a few days to show it.`,
      '',
      `Refunded so far: ${m(order.refundedCents)} of ${m(order.amountPaidCents)} charged.`,
      '',
    ].join('\n'),
  };
}

export function cancellationEmail(order: OwnerOrderView, site: Site): MailMessage {
  const m = (cents: number) => money(cents, order.currency);
  return {
    siteId: site.id,
    kind: CANCELLATION_EMAIL_KIND,
    reference: order.id,
    to: order.email,
    subject: `Your ${site.title} order #${order.number} has been cancelled`,
    text: [
      `Your order #${order.number} from ${site.title} has been cancelled.`,
      ...(order.refundedCents > 0
        ? [`${m(order.refundedCents)} goes back to the card you paid with.`]
        : []),
      ...(order.giftCardCents > 0
        ? [`${m(order.giftCardCents)} paid with gift cards is back on those cards.`]
        : []),
      ...(order.issuedGiftCards.length > 0
        ? ['The gift cards bought with this order no longer work.']
        : []),
      '',
    ].join('\n'),
  };
}
