/**
 * Account emails, delivered through the mail module: written to its outbox (one per kind and
 * reference, so a replayed request never mails twice) and sent over SMTP when SMTP_URL is set.
 */
import type { MailMessage } from '../mail/index.ts';

export const RESET_LINK_PATH = '/account/reset-password';
export const PASSWORD_RESET_KIND = 'site-user-password-reset';

/** The reset email; `reference` is the reset token's row id (never the secret itself). */
export function passwordResetEmail(input: {
  siteId: string;
  siteTitle: string;
  tokenId: string;
  to: string;
  link: string;
  minutes: number;
}): MailMessage {
  return {
    siteId: input.siteId,
    kind: PASSWORD_RESET_KIND,
    reference: input.tokenId,
    to: input.to,
    subject: `Reset your password for ${input.siteTitle}`,
    text: [
      `Someone asked to reset the password of your account at ${input.siteTitle}.`,
      '',
      `To choose a new password, open this link within ${input.minutes} minutes. It works once:`,
      input.link,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}
