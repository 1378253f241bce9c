/** The email that invites an owner added from the Team page to choose a password. */
import type { MailMessage } from '../mail/index.ts';
import { INVITE_LINK_HOURS } from './owner-links.ts';

export const OWNER_INVITE_KIND = 'owner-invite';

export function ownerInviteEmail(input: {
  readonly siteId: string;
  readonly siteTitle: string;
  readonly ownerId: string;
  readonly to: string;
  readonly roleName: string;
  readonly link: string;
}): MailMessage {
  return {
    siteId: input.siteId,
    kind: OWNER_INVITE_KIND,
    // One invite per added owner: a replayed request never mails twice.
    reference: input.ownerId,
    to: input.to,
    subject: `You're invited to help run ${input.siteTitle}`,
    text: [
      `You have been added to ${input.siteTitle} as ${input.roleName}.`,
      '',
      'Choose your password here to log in to the store admin:',
      input.link,
      '',
      `The link works once, within ${INVITE_LINK_HOURS} hours. If you were not expecting this, ignore it.`,
    ].join('\n'),
  };
}
