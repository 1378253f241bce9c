/** Bodies of the owner team endpoints (/api/vitrine/owner/team), shared by the server and the dashboard. */
import { z } from 'zod';
import { WEBSITE_ROLE_CODES, type WebsiteRoleCode } from '../roles.ts';

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
});

export const changeTeamRoleBody = z.strictObject({ role });
