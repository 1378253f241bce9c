/**
 * Account emails. The mail module (src/server/modules/mail/) did not exist when this was
 * written, so messages are recorded in `site_user_emails` for a mailer or an operator to deliver;
 * switching to the mail module's outbox is a change to this one function.
 */
import { randomUUID } from 'node:crypto';
import { schema, type AppTx } from '../../db/index.ts';

const { siteUserEmails } = schema;

export interface AccountEmail {
  readonly siteId: string;
  readonly kind: 'password-reset';
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export async function queueAccountEmail(tx: AppTx, email: AccountEmail): Promise<void> {
  await tx.insert(siteUserEmails).values({
    id: randomUUID(),
    siteId: email.siteId,
    kind: email.kind,
    toAddress: email.to,
    subject: email.subject,
    bodyText: email.text,
  });
}

export const RESET_LINK_PATH = '/account/reset-password';

export function passwordResetEmail(
  siteId: string,
  siteTitle: string,
  to: string,
  link: string,
  minutes: number,
): AccountEmail {
  return {
    siteId,
    kind: 'password-reset',
    to,
    subject: `Reset your password for ${siteTitle}`,
    text: [
      `Someone asked to reset the password of your account at ${siteTitle}.`,
      '',
      `To choose a new password, open this link within ${minutes} minutes. It works once:`,
      link,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}
