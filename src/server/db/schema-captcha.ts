/**
 * Captcha replay protection: every accepted ALTCHA solution's challenge signature is recorded
 * until its challenge expires, and a second use of the same signature is refused (primary key).
 */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { expiresAt, timestamptz } from './schema-columns.ts';

export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    /** The challenge's HMAC signature: unique per challenge the server issued. */
    signature: text('signature').primaryKey(),
    /** When the challenge expires; the row may be deleted after that. */
    expiresAt: expiresAt(),
    usedAt: timestamptz('used_at').notNull().defaultNow(),
  },
  (t) => [index('captcha_solutions_expires_idx').on(t.expiresAt)],
);
