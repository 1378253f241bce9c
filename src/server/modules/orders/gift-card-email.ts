/**
 * The email a gift card's recipient gets: one per recipient of an order, with the buyer's message
 * and the codes bought for them. The buyer's own confirmation lists every code as well.
 */
import { toMoney } from '../../../shared/money/to-money.ts';
import type { MailMessage } from '../mail/index.ts';
import type { IssuedGiftCardView, OrderView } from './order-view.ts';

export const GIFT_CARD_EMAIL_KIND = 'gift-card';

export function giftCardEmails(
  order: OrderView,
  site: { id: string; title: string },
): MailMessage[] {
  const byRecipient = new Map<string, IssuedGiftCardView[]>();
  for (const card of order.issuedGiftCards) {
    if (!card.recipient) continue;
    // One email per address and message: two gifts with different notes stay two emails.
    const key = JSON.stringify([card.recipient.email.toLowerCase(), card.recipient.message ?? '']);
    byRecipient.set(key, [...(byRecipient.get(key) ?? []), card]);
  }
  return [...byRecipient.values()].flatMap((cards) => {
    const recipient = cards[0]?.recipient;
    if (!recipient) return [];
    const codes = cards.map((card) => {
      const value = toMoney(card.balanceCents, card.currency);
      return `- ${card.code}: ${value.value} ${value.currency}`;
    });
    const text = [
      `You have received a gift card for ${site.title}.`,
      ...(recipient.message ? ['', 'Their message:', recipient.message] : []),
      '',
      'Your gift card (enter the code at checkout; keep it safe, it works like cash):',
      ...codes,
      '',
    ].join('\n');
    return [
      {
        siteId: site.id,
        kind: GIFT_CARD_EMAIL_KIND,
        reference: order.id,
        to: recipient.email,
        subject: `A gift card for ${site.title}`,
        text,
      },
    ];
  });
}
