/**
 * Who may open a page, a collection and what it holds (docs/behaviour/storefront-pages.md#content-access-and-search): open to all, behind a visitor password, or for logged-in site
 * users only. A right password unlocks its page or collection for the visitor session that
 * typed it (a row keyed by a hash of the session id and bound to the password it matched), so a
 * copied link or another browser still sees the lock, and a new password locks everyone again.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import type { PageProtection } from '../../render/page-routes.ts';
import { sha256 } from '../auth/index.ts';
import { passwordFingerprint } from './page-password.ts';

const { contentUnlocks } = schema;

/** An unlock lasts as long as a visitor session cookie (http/session.ts). */
export const UNLOCK_MAX_AGE_DAYS = 30;

/** What guards a page: the page engine's type (render/page-routes.ts), as it shows the lock screens. */
export type Protection = PageProtection;

interface Lockable {
  readonly id: string;
  readonly title: string;
  readonly passwordHash: string | null;
  readonly membersOnly: boolean;
}

/** The protection of a record itself, if any. */
export function protectionOf(
  kind: 'page' | 'collection',
  record: Lockable,
): Protection | undefined {
  const target = `${kind}:${record.id}`;
  if (record.passwordHash !== null)
    return { kind: 'password', target, passwordHash: record.passwordHash, title: record.title };
  if (record.membersOnly) return { kind: 'members', target, title: record.title };
  return undefined;
}

/** The site-wide lock (`settings.sitePasswordHash`), if the site has one. */
export function siteProtection(site: {
  readonly title: string;
  readonly settings?: Readonly<Record<string, unknown>> | undefined;
}): Extract<Protection, { kind: 'password' }> | undefined {
  const hash = site.settings?.sitePasswordHash;
  return typeof hash === 'string'
    ? { kind: 'password', target: 'site', passwordHash: hash, title: site.title }
    : undefined;
}

export interface Visitor {
  readonly sessionId: string;
  readonly signedIn: boolean;
}

export async function isUnlocked(
  db: AppDb,
  visitor: Visitor,
  protection: Extract<Protection, { kind: 'password' }>,
): Promise<boolean> {
  const [row] = await db
    .select({ target: contentUnlocks.target })
    .from(contentUnlocks)
    .where(
      and(
        eq(contentUnlocks.sessionHash, sha256(visitor.sessionId)),
        eq(contentUnlocks.target, protection.target),
        eq(contentUnlocks.passwordFingerprint, passwordFingerprint(protection.passwordHash)),
        gt(contentUnlocks.createdAt, sql`now() - make_interval(days => ${UNLOCK_MAX_AGE_DAYS})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** True when the visitor may see what the protection guards (no protection: always). */
export async function mayOpen(
  db: AppDb,
  visitor: Visitor,
  protection: Protection | undefined,
): Promise<boolean> {
  if (protection === undefined) return true;
  if (protection.kind === 'members') return visitor.signedIn;
  return isUnlocked(db, visitor, protection);
}

export async function recordUnlock(
  db: AppDb,
  siteId: string,
  visitor: Visitor,
  protection: Extract<Protection, { kind: 'password' }>,
): Promise<void> {
  const values = {
    sessionHash: sha256(visitor.sessionId),
    siteId,
    target: protection.target,
    passwordFingerprint: passwordFingerprint(protection.passwordHash),
  };
  await db
    .insert(contentUnlocks)
    .values(values)
    .onConflictDoUpdate({
      target: [contentUnlocks.sessionHash, contentUnlocks.target],
      set: { passwordFingerprint: values.passwordFingerprint, createdAt: sql`now()` },
    });
}
