/** The mailing list's emails. Every one carries the unsubscribe link (page type 300). */
import type { MailMessage } from './mail-port.ts';
import { confirmUrl, unsubscribeUrl } from './links.ts';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

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
  const html =
    `<p>Thanks for signing up for news from ${escapeHtml(input.siteTitle)}.</p>` +
    `<p><a href="${escapeHtml(confirm)}">Confirm your subscription</a></p>` +
    '<p>If you did not sign up, ignore this email and you will not hear from us again.</p>' +
    `<p><a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`;
  return {
    siteId: input.siteId,
    kind: 'newsletter-confirmation',
    // One email per token: a retried write never queues the same confirmation twice.
    reference: `${input.subscriberId}:${input.token.slice(0, 16)}`,
    to: input.to,
    subject,
    text,
    html,
  };
}
