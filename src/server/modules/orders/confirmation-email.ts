/** The order confirmation email: plain text with the lines, totals, address and gift card codes. */
import { toMoney } from '../../../shared/money/to-money.ts';
import type { MailMessage } from '../mail/index.ts';
import type { OrderView } from './order-view.ts';

export const ORDER_CONFIRMATION_KIND = 'order-confirmation';

export function money(cents: number, currency: string): string {
  const value = toMoney(cents, currency);
  return `${value.value} ${value.currency}`;
}

export function orderConfirmationEmail(
  order: OrderView,
  site: { id: string; title: string },
): MailMessage {
  const m = (cents: number) => money(cents, order.currency);
  const lines = order.entries.map((entry) => {
    const options = Object.entries(entry.attributes)
      .map(([name, value]) => `${name}: ${value}`)
      .join(', ');
    return `- ${entry.quantity} × ${entry.title}${options ? ` (${options})` : ''}: ${m(entry.subTotal)}`;
  });
  const totals = [
    `Subtotal: ${m(order.subtotalCents)}`,
    ...(order.discountCents > 0 ? [`Discount: −${m(order.discountCents)}`] : []),
    ...(order.shippingCostCents > 0 ? [`Shipping: ${m(order.shippingCostCents)}`] : []),
    ...(order.taxCents > 0 ? [`Tax: ${m(order.taxCents)}`] : []),
    `Total: ${m(order.grandTotalCents)}`,
    ...(order.giftCardCents > 0 ? [`Paid with gift cards: ${m(order.giftCardCents)}`] : []),
    `Charged: ${m(order.amountPaidCents)}`,
  ];
  const cards = order.issuedGiftCards.map(
    (card) =>
      `- ${card.code}: ${money(card.balanceCents, card.currency)}${card.recipient ? ` (emailed to ${card.recipient.email})` : ''}`,
  );
  const text = [
    `Thank you for your order from ${site.title}.`,
    '',
    `Order #${order.number}`,
    '',
    ...lines,
    '',
    ...totals,
    ...(cards.length > 0
      ? ['', 'Your gift cards (keep these codes safe; they work like cash):', ...cards]
      : []),
    '',
  ].join('\n');
  return {
    siteId: site.id,
    kind: ORDER_CONFIRMATION_KIND,
    reference: order.id,
    to: order.email,
    subject: `Your ${site.title} order #${order.number}`,
    text,
  };
}
