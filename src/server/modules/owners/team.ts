/**
 * The site's owners as an ADMIN manages them: list, add (with a temporary password shown once),
 * change a role, remove. The site always keeps one ADMIN: the ADMIN rows are locked while a
 * change that could remove the last one is checked, so two concurrent demotions cannot both
 * pass. A changed or removed owner's logins end (their sessions are deleted).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors.ts';
import { roleName, WEBSITE_ROLES, type WebsiteRoleCode } from '../../../shared/roles.ts';
import { schema, type AppDb, type Database } from '../../db/index.ts';
import { hashPassword, toColumns } from '../auth/index.ts';

const { ownerAccounts, ownerSessions } = schema;

export interface TeamOwner {
  readonly id: string;
  readonly email: string;
  readonly role: number;
  readonly roleName: string;
  readonly created: number;
}

export async function listTeam(db: AppDb, siteId: string): Promise<TeamOwner[]> {
  const rows = await db
    .select({
      id: ownerAccounts.id,
      email: ownerAccounts.email,
      role: ownerAccounts.role,
      createdAt: ownerAccounts.createdAt,
    })
    .from(ownerAccounts)
    .where(eq(ownerAccounts.siteId, siteId))
    .orderBy(asc(ownerAccounts.emailKey));
  return rows.map(({ createdAt, ...row }) => ({
    ...row,
    roleName: roleName(row.role) ?? 'UNKNOWN',
    created: createdAt.getTime(),
  }));
}

/** 18 random bytes: 24 base64url characters, far above the password minimum. */
function temporaryPassword(): string {
  return randomBytes(18).toString('base64url');
}

export async function addTeamOwner(
  database: Database,
  siteId: string,
  input: { email: string; role: WebsiteRoleCode },
): Promise<{ owner: TeamOwner; temporaryPassword: string }> {
  const password = temporaryPassword();
  const columns = toColumns(await hashPassword(password));
  const [row] = await database.db
    .insert(ownerAccounts)
    .values({
      id: randomUUID(),
      siteId,
      email: input.email,
      emailKey: input.email.toLowerCase(),
      role: input.role,
      ...columns,
    })
    .onConflictDoNothing({ target: [ownerAccounts.siteId, ownerAccounts.emailKey] })
    .returning();
  if (!row)
    throw new AppError('OWNER_EXISTS', {
      fields: { email: 'An owner with this email already exists' },
    });
  return {
    owner: {
      id: row.id,
      email: row.email,
      role: row.role,
      roleName: roleName(row.role) ?? 'UNKNOWN',
      created: row.createdAt.getTime(),
    },
    temporaryPassword: password,
  };
}

/**
 * Changes an owner's role (newRole) or removes the owner (newRole null), refusing to leave the
 * site without an ADMIN, and ends that owner's logins.
 */
export async function changeTeamOwner(
  database: Database,
  siteId: string,
  ownerId: string,
  newRole: WebsiteRoleCode | null,
): Promise<void> {
  await database.withTransaction(async (tx) => {
    const admins = await tx
      .select({ id: ownerAccounts.id })
      .from(ownerAccounts)
      .where(and(eq(ownerAccounts.siteId, siteId), eq(ownerAccounts.role, WEBSITE_ROLES.ADMIN)))
      .for('update');
    const [target] = await tx
      .select({ id: ownerAccounts.id, role: ownerAccounts.role })
      .from(ownerAccounts)
      .where(and(eq(ownerAccounts.siteId, siteId), eq(ownerAccounts.id, ownerId)))
      .for('update');
    if (!target) throw new AppError('NOT_FOUND');
    const losesAdmin = target.role === WEBSITE_ROLES.ADMIN && newRole !== WEBSITE_ROLES.ADMIN;
    if (losesAdmin && admins.length <= 1) throw new AppError('OWNER_LAST_ADMIN');
    if (newRole === null) {
      // Its sessions go with it (owner_sessions cascade).
      await tx.delete(ownerAccounts).where(eq(ownerAccounts.id, ownerId));
      return;
    }
    await tx
      .update(ownerAccounts)
      .set({ role: newRole, updatedAt: sql`now()` })
      .where(eq(ownerAccounts.id, ownerId));
    await tx.delete(ownerSessions).where(eq(ownerSessions.ownerId, ownerId));
  });
}
