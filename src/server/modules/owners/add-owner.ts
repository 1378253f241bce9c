/**
 * Adds an owner to the site, or changes the role and password of the owner with that email
 * (emails compare case-insensitively). Used by `vitrine owner add`. Changing a password ends
 * that owner's logins.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { WebsiteRoleCode } from '../../../shared/roles.ts';
import { getSite, schema, type Database } from '../../db/index.ts';
import { hashPassword, toColumns } from '../auth/index.ts';

const { ownerAccounts, ownerSessions } = schema;

export class NoSiteError extends Error {
  constructor() {
    super('There is no site in the database yet: import one first (vitrine import FILE).');
    this.name = 'NoSiteError';
  }
}

export interface AddOwnerInput {
  readonly email: string;
  readonly role: WebsiteRoleCode;
  readonly password: string;
}

export async function addOwner(
  database: Database,
  input: AddOwnerInput,
): Promise<'created' | 'updated'> {
  const site = await getSite(database.db);
  if (!site) throw new NoSiteError();
  const password = toColumns(await hashPassword(input.password));
  const email = input.email.trim();
  return database.withTransaction(async (tx) => {
    const [row] = await tx
      .insert(ownerAccounts)
      .values({
        id: randomUUID(),
        siteId: site.id,
        email,
        emailKey: email.toLowerCase(),
        role: input.role,
        ...password,
      })
      .onConflictDoUpdate({
        target: [ownerAccounts.siteId, ownerAccounts.emailKey],
        set: { role: input.role, ...password, updatedAt: sql`now()` },
      })
      // xmax is 0 for a freshly inserted row and set for an updated one (PostgreSQL MVCC).
      .returning({ id: ownerAccounts.id, inserted: sql<boolean>`(xmax = 0)` });
    if (!row) throw new Error('owner upsert returned no row');
    if (!row.inserted) await tx.delete(ownerSessions).where(eq(ownerSessions.ownerId, row.id));
    return row.inserted ? 'created' : 'updated';
  });
}
