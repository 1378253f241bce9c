/**
 * The emails of an order's life after checkout, each text and HTML with the site's name and the
 * order number: shipping confirmation (with the tracking link when the carrier is known),
 * refund and cancellation. One per kind and reference in the outbox, so a replayed action
 * never mails twice.
 */
import { renderEmail, type EmailBlock, type MailMessage } from '../mail/index.ts';
import { money } from './confirmation-email.ts';
import type { FulfillmentView, OwnerOrderView } from './owner-order-view.ts';

export const SHIPPING_EMAIL_KIND = 'order-shipped';
export const REFUND_EMAIL_KIND = 'order-refunded';
export const CANCELLATION_EMAIL_KIND = 'order-cancelled';

type Site = { readonly id: string; readonly title: string };
/** What these emails read of an order: the owner view, or the preview's sample. */
export type LifecycleOrder = Pick<
  OwnerOrderView,
  | 'id'
  | 'number'
  | 'email'
  | 'currency'
  | 'entries'
  | 'refundedCents'
  | 'amountPaidCents'
  | 'giftCardCents'
  | 'issuedGiftCards'
> & {
  readonly fulfillment: Pick<FulfillmentView, 'carrier' | 'trackingNumber' | 'trackingUrl'> | null;
};

function message(
  site: Site,
  fields: { kind: string; reference: string; to: string; subject: string; blocks: EmailBlock[] },
): MailMessage {
  const { blocks, ...rest } = fields;
  return {
    siteId: site.id,
    ...rest,
    ...renderEmail({ siteTitle: site.title, subject: fields.subject, blocks }),
  };
}

export function shippingEmail(order: LifecycleOrder, site: Site): MailMessage {
  const shipment = order.fulfillment;
  const tracking: EmailBlock[] = shipment?.trackingNumber
    ? [
        {
          type: 'rows',
          rows: [
            { label: 'Carrier', value: shipment.carrier ?? 'not given' },
            { label: 'Tracking number', value: shipment.trackingNumber },
          ],
        },
        ...(shipment.trackingUrl
          ? [{ type: 'link' as const, label: 'Track your parcel', href: shipment.trackingUrl }]
          : []),
      ]
    : [];
  return message(site, {
    kind: SHIPPING_EMAIL_KIND,
    reference: order.id,
    to: order.email,
    subject: `Your ${site.title} order #${order.number} is on its way`,
    blocks: [
      {
        type: 'paragraph',
        lines: [`Good news: your order #${order.number} from ${site.title} has shipped.`],
      },
      ...tracking,
      { type: 'list', items: order.entries.map((e) => `${e.quantity} × ${e.title}`) },
    ],
  });
}

export function refundEmail(order: LifecycleOrder, site: Site, amountCents: number): MailMessage {
  const m = (cents: number) => money(cents, order.currency);
  return message(site, {
    kind: REFUND_EMAIL_KIND,
    // Refunds only add up: the running total names this refund.
    reference: `${order.id}:${order.refundedCents}`,
    to: order.email,
    subject: `Refund for your ${site.title} order #${order.number}`,
    blocks: [
      {
        type: 'paragraph',
        lines: [
          `${site.title} has refunded ${m(amountCents)} on your order #${order.number}.`,
          'It goes back to the card you paid with; your bank may take a few days to show it.',
        ],
      },
      {
        type: 'rows',
        rows: [
          { label: 'Refunded now', value: m(amountCents), strong: true },
          { label: 'Refunded so far', value: m(order.refundedCents) },
          { label: 'Charged', value: m(order.amountPaidCents) },
        ],
      },
    ],
  });
}

export function cancellationEmail(order: LifecycleOrder, site: Site): MailMessage {
  const m = (cents: number) => money(cents, order.currency);
  const lines = [
    ...(order.refundedCents > 0
      ? [`${m(order.refundedCents)} goes back to the card you paid with.`]
      : []),
    ...(order.giftCardCents > 0
      ? [`${m(order.giftCardCents)} paid with gift cards is back on those cards.`]
      : []),
    ...(order.issuedGiftCards.length > 0
      ? ['The gift cards bought with this order no longer work.']
      : []),
  ];
  return message(site, {
    kind: CANCELLATION_EMAIL_KIND,
    reference: order.id,
    to: order.email,
    subject: `Your ${site.title} order #${order.number} has been cancelled`,
    blocks: [
      {
        type: 'paragraph',
        lines: [`Your order #${order.number} from ${site.title} has been cancelled.`],
      },
      ...(lines.length > 0 ? [{ type: 'paragraph' as const, lines }] : []),
    ],
  });
}
