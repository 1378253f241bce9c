/**
 * The order confirmation email, text and HTML: the lines, totals and the gift card codes the
 * order issued, under the site's name and the order number.
 */
import { toMoney } from '../../../shared/money/to-money.ts';
import { renderEmail, type EmailBlock, type MailMessage } from '../mail/index.ts';
import type { OrderView } from './order-view.ts';

export const ORDER_CONFIRMATION_KIND = 'order-confirmation';

export function money(cents: number, currency: string): string {
  const value = toMoney(cents, currency);
  return `${value.value} ${value.currency}`;
}

/** The blocks of the confirmation after its opening line (the renewal email reuses them). */
export function orderSummaryBlocks(order: OrderView): EmailBlock[] {
  const m = (cents: number) => money(cents, order.currency);
  const lines = order.entries.map((entry) => {
    const options = Object.entries(entry.attributes)
      .map(([name, value]) => `${name}: ${value}`)
      .join(', ');
    return `${entry.quantity} × ${entry.title}${options ? ` (${options})` : ''}: ${m(entry.subTotal)}`;
  });
  const totals = [
    { label: 'Subtotal', value: m(order.subtotalCents) },
    ...(order.discountCents > 0
      ? [{ label: 'Discount', value: `−${m(order.discountCents)}` }]
      : []),
    ...(order.shippingCostCents > 0
      ? [{ label: 'Shipping', value: m(order.shippingCostCents) }]
      : []),
    ...(order.taxCents > 0 ? [{ label: 'Tax', value: m(order.taxCents) }] : []),
    { label: 'Total', value: m(order.grandTotalCents), strong: true },
    ...(order.giftCardCents > 0
      ? [{ label: 'Paid with gift cards', value: m(order.giftCardCents) }]
      : []),
    { label: 'Charged', value: m(order.amountPaidCents) },
  ];
  const cards = order.issuedGiftCards.map(
    (card) =>
      `${card.code}: ${money(card.balanceCents, card.currency)}${card.recipient ? ` (emailed to ${card.recipient.email})` : ''}`,
  );
  return [
    { type: 'heading', text: `Order #${order.number}` },
    { type: 'list', items: lines },
    { type: 'rows', rows: totals },
    ...(cards.length > 0
      ? [
          {
            type: 'list' as const,
            title: 'Your gift cards (keep these codes safe; they work like cash):',
            items: cards,
          },
        ]
      : []),
  ];
}

export function orderConfirmationEmail(
  order: OrderView,
  site: { id: string; title: string },
): MailMessage {
  const subject = `Your ${site.title} order #${order.number}`;
  return {
    siteId: site.id,
    kind: ORDER_CONFIRMATION_KIND,
    reference: order.id,
    to: order.email,
    subject,
    ...renderEmail({
      siteTitle: site.title,
      subject,
      blocks: [
        { type: 'paragraph', lines: [`Thank you for your order from ${site.title}.`] },
        ...orderSummaryBlocks(order),
      ],
    }),
  };
}
