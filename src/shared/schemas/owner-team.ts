/**
 * Bodies of the owner team endpoints (/api/vitrine/owner/team) and of the one-time owner links
 * (the first owner's setup, an invited owner's password), shared by the server and the dashboard.
 */
import { z } from 'zod';
import { WEBSITE_ROLE_CODES, type WebsiteRoleCode } from '../roles.ts';
import { EMAIL_MAX_LENGTH, newPassword } from './site-users.ts';

const role = z
  .number()
  .int()
  .refine(
    (code): code is WebsiteRoleCode => (WEBSITE_ROLE_CODES as readonly number[]).includes(code),
    {
      message: 'Choose a role',
    },
  );

export const addTeamOwnerBody = z.strictObject({
  email: z.email('Enter an email address').trim().max(254),
  role,
  /** Email an invite link (queued in the outbox) instead of answering a temporary password. */
  invite: z.boolean().default(false),
});

/** A one-time link's secret: 32 random bytes, base64url. */
const linkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a valid link');

export const ownerSetupBody = z.strictObject({
  token: linkToken,
  email: z.email('Enter an email address').trim().max(EMAIL_MAX_LENGTH),
  password: newPassword,
});

export const ownerInviteBody = z.strictObject({ token: linkToken, password: newPassword });

export const changeTeamRoleBody = z.strictObject({ role });
