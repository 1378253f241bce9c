/**
 * Site-user accounts (storefront customers who log in), their logged-in sessions, password
 * reset links, and the login throttle shared with owners. (Reset emails go through the mail
 * module's outbox; `site_user_emails`, which held them before it existed, is dropped.)
 *
 * - Emails are unique per site, case-insensitively: `email_key` is the lower-cased address and
 *   carries the unique index; `email` keeps what the user typed for display and mail.
 * - Passwords are scrypt hashes with the per-user salt and the cost parameters stored beside
 *   them, so raising the cost later keeps old hashes verifiable.
 * - Session ids and reset tokens are bearer secrets: only their SHA-256 is stored, so a read of
 *   the database does not let anyone log in.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, expiresAt, expiryCheck, parentId, timestamptz } from './schema-columns.ts';
import { siteRowColumns } from './schema-sites.ts';

/** The scrypt columns shared by site users and owners. */
export const passwordColumns = () => ({
  /** base64 of the derived key. */
  passwordHash: text('password_hash').notNull(),
  /** base64 of the random per-user salt. */
  passwordSalt: text('password_salt').notNull(),
  scryptN: integer('scrypt_n').notNull(),
  scryptR: integer('scrypt_r').notNull(),
  scryptP: integer('scrypt_p').notNull(),
});

/** Scrypt parameters a hash can have been derived with. */
export const passwordCheck = (
  name: string,
  t: {
    readonly scryptN: AnyPgColumn;
    readonly scryptR: AnyPgColumn;
    readonly scryptP: AnyPgColumn;
  },
) => check(name, sql`${t.scryptN} > 1 and ${t.scryptR} > 0 and ${t.scryptP} > 0`);

export const siteUsers = pgTable(
  'site_users',
  {
    ...siteRowColumns(),
    email: text('email').notNull(),
    emailKey: text('email_key').notNull(),
    ...passwordColumns(),
    passwordChangedAt: timestamptz('password_changed_at').notNull().defaultNow(),
    /**
     * When the account's owner proved the address (opened a link mailed to it); null until
     * then. Guest orders bought with the address join only a verified account
     * (docs/behaviour/accounts-and-login.md#orders-bought-as-a-guest).
     */
    emailVerifiedAt: timestamptz('email_verified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('site_users_site_email_key').on(t.siteId, t.emailKey),
    check('site_users_email_key_check', sql`${t.emailKey} = lower(${t.email})`),
    check('site_users_email_length_check', sql`char_length(${t.email}) between 3 and 254`),
    passwordCheck('site_users_scrypt_check', t),
  ],
);

export const siteUserSessions = pgTable(
  'site_user_sessions',
  {
    id: text('id').primaryKey(),
    siteUserId: parentId('site_user_id', () => siteUsers.id),
    /** SHA-256 (base64url) of the login cookie's secret. */
    tokenHash: text('token_hash').notNull(),
    /** SHA-256 of the visitor session id issued at login: the login only counts with that session. */
    visitorSessionHash: text('visitor_session_hash').notNull(),
    rememberMe: boolean('remember_me').notNull(),
    createdAt: createdAt(),
    expiresAt: expiresAt(),
  },
  (t) => [
    uniqueIndex('site_user_sessions_token_key').on(t.tokenHash),
    index('site_user_sessions_user_idx').on(t.siteUserId),
    expiryCheck('site_user_sessions_expiry_check', t),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    siteUserId: parentId('site_user_id', () => siteUsers.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: expiresAt(),
    /** Set when the link was used (or superseded by a completed reset): single use. */
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.siteUserId),
    expiryCheck('password_reset_tokens_expiry_check', t),
  ],
);

/**
 * Failed-login counters, one row per throttle key ("site-user:<site>:<email>",
 * "owner:<site>:<email>", "ip:<address>"). In the database so every process sees them.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    /** When the first counted failure happened; the count restarts after the window. */
    windowStartedAt: timestamptz('window_started_at').notNull().defaultNow(),
    /** No attempt with this key is checked before this time. */
    blockedUntil: timestamptz('blocked_until'),
  },
  (t) => [
    check('login_throttle_failures_check', sql`${t.failures} >= 0`),
    index('login_throttle_window_idx').on(t.windowStartedAt),
  ],
);
