/**
 * Site owners (people who manage the site, each with one website role from
 * docs/behaviour/accounts-and-login.md#website-roles), their logged-in sessions and their
 * one-time links (the first owner's setup link, an invited owner's link). Emails are unique per
 * site, case-insensitively; passwords are scrypt
 * hashes with salt and parameters stored (the same columns as site users); session ids are
 * stored as SHA-256 only.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { WEBSITE_ROLE_CODES } from '../../shared/roles.ts';
import { passwordCheck, passwordColumns } from './schema-accounts.ts';
import {
  createdAt,
  expiresAt,
  expiryCheck,
  parentId,
  timestamptz,
  updatedAt,
} from './schema-columns.ts';
import { siteRowColumns } from './schema-sites.ts';

export const ownerAccounts = pgTable(
  'owner_accounts',
  {
    ...siteRowColumns(),
    email: text('email').notNull(),
    emailKey: text('email_key').notNull(),
    /** The website role code (ADMIN 1 … SCHEDULING_EDITOR 13). */
    role: smallint('role').notNull(),
    ...passwordColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('owner_accounts_site_email_key').on(t.siteId, t.emailKey),
    check('owner_accounts_email_key_check', sql`${t.emailKey} = lower(${t.email})`),
    check('owner_accounts_role_check', sql.raw(`role in (${WEBSITE_ROLE_CODES.join(', ')})`)),
    passwordCheck('owner_accounts_scrypt_check', t),
  ],
);

export const ownerSessions = pgTable(
  'owner_sessions',
  {
    id: text('id').primaryKey(),
    ownerId: parentId('owner_id', () => ownerAccounts.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: expiresAt(),
  },
  (t) => [
    uniqueIndex('owner_sessions_token_key').on(t.tokenHash),
    index('owner_sessions_owner_idx').on(t.ownerId),
    expiryCheck('owner_sessions_expiry_check', t),
  ],
);

export const OWNER_LINK_KINDS = ['setup', 'invite'] as const;
export type OwnerLinkKind = (typeof OWNER_LINK_KINDS)[number];

/**
 * One-time owner links: 'setup' creates the site's first ADMIN (printed at a start with no
 * owner), 'invite' lets an added owner choose a password (emailed through the outbox). The
 * secret is stored as SHA-256 only; a link works once, before it expires.
 */
export const ownerLinks = pgTable(
  'owner_links',
  {
    ...siteRowColumns(),
    kind: text('kind').$type<OwnerLinkKind>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The invited owner; null for a setup link. */
    ownerId: text('owner_id').references(() => ownerAccounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: expiresAt(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    uniqueIndex('owner_links_token_key').on(t.tokenHash),
    index('owner_links_site_kind_idx').on(t.siteId, t.kind),
    check('owner_links_kind_check', sql.raw(`kind in ('setup', 'invite')`)),
    check('owner_links_owner_check', sql`(kind = 'invite') = (owner_id is not null)`),
    expiryCheck('owner_links_expiry_check', t),
  ],
);
