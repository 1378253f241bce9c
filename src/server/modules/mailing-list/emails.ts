/** The mailing list's emails (plain text, as the mail module sends). Every one carries the unsubscribe link (page type 300). */
import type { MailMessage } from '../mail/index.ts';
import { confirmUrl, unsubscribeUrl } from './links.ts';

export function confirmationEmail(input: {
  siteId: string;
  siteTitle: string;
  to: string;
  subscriberId: string;
  token: string;
  origin: string;
  secret: string;
}): MailMessage {
  const confirm = confirmUrl(input.origin, input.token);
  const unsubscribe = unsubscribeUrl(input.origin, input.secret, input.subscriberId);
  const subject = `Please confirm your subscription to ${input.siteTitle}`;
  const text = [
    `Thanks for signing up for news from ${input.siteTitle}.`,
    '',
    `Please confirm your subscription: ${confirm}`,
    '',
    'If you did not sign up, ignore this email and you will not hear from us again.',
    '',
    `Unsubscribe: ${unsubscribe}`,
  ].join('\n');
  return {
    siteId: input.siteId,
    kind: 'newsletter-confirmation',
    // One email per token: a retried write never queues the same confirmation twice.
    reference: `${input.subscriberId}:${input.token.slice(0, 16)}`,
    to: input.to,
    subject,
    text,
  };
}
