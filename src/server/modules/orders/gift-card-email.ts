/**
 * The email a gift card's recipient gets: one per recipient of an order, with the buyer's message
 * and the codes bought for them. The buyer's own confirmation lists every code as well.
 */
import { renderEmail, type MailMessage } from '../mail/index.ts';
import { money } from './confirmation-email.ts';
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
  return [...byRecipient.values()].flatMap((cards, index) => {
    const recipient = cards[0]?.recipient;
    if (!recipient) return [];
    const codes = cards.map((card) => `${card.code}: ${money(card.balanceCents, card.currency)}`);
    const subject = `A gift card for ${site.title}`;
    return [
      {
        siteId: site.id,
        kind: GIFT_CARD_EMAIL_KIND,
        // One outbox row per recipient: the first keeps the order's id (as written before
        // orders could have several recipients), the others are numbered after it.
        reference: index === 0 ? order.id : `${order.id}:${index + 1}`,
        to: recipient.email,
        subject,
        ...renderEmail({
          siteTitle: site.title,
          subject,
          blocks: [
            { type: 'paragraph', lines: [`You have received a gift card for ${site.title}.`] },
            ...(recipient.message
              ? [
                  {
                    type: 'paragraph' as const,
                    lines: ['Their message:', ...recipient.message.split(/\r?\n/)],
                  },
                ]
              : []),
            {
              type: 'list',
              title:
                'Your gift card (enter the code at checkout; keep it safe, it works like cash):',
              items: codes,
            },
            { type: 'paragraph', lines: [`Bought with ${site.title} order #${order.number}.`] },
          ],
        }),
      },
    ];
  });
}
