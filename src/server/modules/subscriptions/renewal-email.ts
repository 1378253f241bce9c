/**
 * The confirmation of a renewal order: the order confirmation's text under a subject and an
 * opening line that say which payment of the subscription this was. Written to the outbox
 * like every email (one per renewal order), sent over SMTP when configured.
 */
import type { MailMessage } from '../mail/index.ts';
import { orderConfirmationEmail } from '../orders/index.ts';
import type { OrderView } from '../orders/index.ts';

export const RENEWAL_EMAIL_KIND = 'subscription-renewal';

export function renewalEmail(
  order: OrderView,
  site: { id: string; title: string },
  plan: { cycle: number; numBillingCycles: number },
): MailMessage {
  const confirmation = orderConfirmationEmail(order, site);
  const which =
    plan.numBillingCycles > 0
      ? `payment ${plan.cycle} of ${plan.numBillingCycles}`
      : `payment ${plan.cycle}`;
  const last =
    plan.numBillingCycles > 0 && plan.cycle >= plan.numBillingCycles
      ? ' This was the last payment of your subscription.'
      : '';
  return {
    ...confirmation,
    kind: RENEWAL_EMAIL_KIND,
    subject: `Your ${site.title} subscription has renewed`,
    text: `Your subscription from ${site.title} has renewed (${which}).${last}\n\n${confirmation.text}`,
  };
}
