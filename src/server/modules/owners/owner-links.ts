/**
 * One-time owner links. A 'setup' link creates the site's first ADMIN: a start on the embedded
 * database with no owner prints one (the CLI's `vitrine owner add` needs the server stopped
 * there), valid 1 hour, single use. An 'invite' link lets an owner added from the Team page
 * choose a password, sent through the outbox instead of a temporary password. Secrets are
 * stored as SHA-256 only; a spent, expired or unknown link is refused alike.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors.ts';
import { WEBSITE_ROLES } from '../../../shared/roles.ts';
import { schema, type AppTx, type Database } from '../../db/index.ts';
import { hashPassword, newSecret, sha256, toColumns } from '../auth/index.ts';

const { ownerAccounts, ownerLinks, ownerSessions } = schema;

export const SETUP_LINK_MINUTES = 60;
export const INVITE_LINK_HOURS = 72;
export const SETUP_LINK_PATH = '/config/setup';
export const INVITE_LINK_PATH = '/config/invite';

/**
 * A fresh setup link's secret for a site without any owner (earlier unused setup links stop
 * working); undefined once the site has an owner.
 */
export async function createSetupLink(
  database: Database,
  siteId: string,
): Promise<string | undefined> {
  const token = newSecret();
  return database.withTransaction(async (tx) => {
    const [owner] = await tx
      .select({ id: ownerAccounts.id })
      .from(ownerAccounts)
      .where(eq(ownerAccounts.siteId, siteId))
      .limit(1);
    if (owner) return undefined;
    await tx
      .delete(ownerLinks)
      .where(and(eq(ownerLinks.siteId, siteId), eq(ownerLinks.kind, 'setup')));
    await tx.insert(ownerLinks).values({
      id: randomUUID(),
      siteId,
      kind: 'setup',
      tokenHash: sha256(token),
      expiresAt: sql`now() + make_interval(mins => ${SETUP_LINK_MINUTES})`,
    });
    return token;
  });
}

/** Spends a live link of this kind, or refuses it (OWNER_LINK_INVALID). */
async function spendLink(tx: AppTx, kind: 'setup' | 'invite', token: string) {
  const [spent] = await tx
    .update(ownerLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(ownerLinks.tokenHash, sha256(token)),
        eq(ownerLinks.kind, kind),
        isNull(ownerLinks.usedAt),
        gt(ownerLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ siteId: ownerLinks.siteId, ownerId: ownerLinks.ownerId });
  if (!spent) throw new AppError('OWNER_LINK_INVALID');
  return spent;
}

/** Creates the site's first ADMIN through a setup link; refused once the site has an owner. */
export async function completeSetup(
  database: Database,
  input: { token: string; email: string; password: string },
): Promise<{ id: string; email: string }> {
  const columns = toColumns(await hashPassword(input.password));
  return database.withTransaction(async (tx) => {
    const { siteId } = await spendLink(tx, 'setup', input.token);
    // Two setups racing: the site row's lock lets one see the other's owner.
    await tx.execute(sql`select id from sites where id = ${siteId} for update`);
    const [existing] = await tx
      .select({ id: ownerAccounts.id })
      .from(ownerAccounts)
      .where(eq(ownerAccounts.siteId, siteId))
      .limit(1);
    if (existing) throw new AppError('OWNER_LINK_INVALID');
    const id = randomUUID();
    await tx.insert(ownerAccounts).values({
      id,
      siteId,
      email: input.email,
      emailKey: input.email.toLowerCase(),
      role: WEBSITE_ROLES.ADMIN,
      ...columns,
    });
    return { id, email: input.email };
  });
}

/**
 * A password nobody knows, for an invited owner until the invite is used: the account exists
 * (the Team page lists it, its email is taken) but no one can log in with it yet.
 */
export async function unusablePassword() {
  return toColumns(await hashPassword(randomBytes(32).toString('base64url')));
}

/** An invite link's secret for an owner just added (inside the transaction that added it). */
export async function createInviteLink(
  tx: AppTx,
  siteId: string,
  ownerId: string,
): Promise<string> {
  const token = newSecret();
  await tx.insert(ownerLinks).values({
    id: randomUUID(),
    siteId,
    kind: 'invite',
    tokenHash: sha256(token),
    ownerId,
    expiresAt: sql`now() + make_interval(hours => ${INVITE_LINK_HOURS})`,
  });
  return token;
}

/** Sets an invited owner's password through the link; their other invite links stop working. */
export async function acceptInvite(
  database: Database,
  input: { token: string; password: string },
): Promise<{ email: string }> {
  const columns = toColumns(await hashPassword(input.password));
  return database.withTransaction(async (tx) => {
    const { ownerId } = await spendLink(tx, 'invite', input.token);
    if (ownerId === null) throw new AppError('OWNER_LINK_INVALID');
    const [owner] = await tx
      .update(ownerAccounts)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(ownerAccounts.id, ownerId))
      .returning({ email: ownerAccounts.email });
    if (!owner) throw new AppError('OWNER_LINK_INVALID');
    await tx
      .update(ownerLinks)
      .set({ usedAt: sql`now()` })
      .where(and(eq(ownerLinks.ownerId, ownerId), isNull(ownerLinks.usedAt)));
    await tx.delete(ownerSessions).where(eq(ownerSessions.ownerId, ownerId));
    return { email: owner.email };
  });
}
