/**
 * Bodies and queries of the site-user and owner account endpoints (docs/behaviour/accounts-and-login.md#login-and-logout; Vitrine's own account endpoints under /api/vitrine/).
 */
import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
/** Longer passwords add nothing and cost hashing time: refused before any work. */
export const PASSWORD_MAX_LENGTH = 1024;
/** RFC 5321's limit on a forward path. */
export const EMAIL_MAX_LENGTH = 254;

const email = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(EMAIL_MAX_LENGTH, 'is too long')
  .pipe(z.email('is not a valid email address'));

/** A password being checked: any non-empty text up to the limit (rules apply when it is set). */
const givenPassword = z.string().min(1, 'is required').max(PASSWORD_MAX_LENGTH, 'is too long');

/** A password being chosen. */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, 'is too long');

/** Booleans as JSON, or as the text a plain HTML form sends. */
const formBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'on']).transform((value) => value !== 'false'),
]);

export const siteUserLoginBody = z.object({
  email,
  password: givenPassword,
  rememberMe: formBoolean.optional().default(false),
});
export type SiteUserLoginBody = z.infer<typeof siteUserLoginBody>;

export const siteUserLogoutQuery = z.object({
  cloneCart: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const createSiteUserBody = z.object({ email, password: newPassword });
export type CreateSiteUserBody = z.infer<typeof createSiteUserBody>;

export const passwordResetRequestBody = z.object({ email });

/** The reset link's token: 32 random bytes, base64url. */
export const passwordResetCompleteBody = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a valid reset token'),
  password: newPassword,
});

export const ownerLoginBody = z.object({ email, password: givenPassword });
