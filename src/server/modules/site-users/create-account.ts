/**
 * POST /api/vitrine/site-users/accounts { email, password } → 201 { siteUser: { id, email } }.
 * Emails are unique per site whatever their case (409 ACCOUNT_EXISTS). Creating an account does
 * not log in: the storefront then calls the login endpoint, which also merges the cart.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import { createSiteUserBody } from '../../../shared/schemas/site-users.ts';
import { schema, type AppDb } from '../../db/index.ts';
import type { SiteUserDeps } from './deps.ts';
import { hashPassword, toColumns } from '../auth/index.ts';
import { offerGuestOrders } from './guest-orders-offer.ts';

const { siteUsers } = schema;

export interface CreatedSiteUser {
  siteUser: { id: string; email: string };
}

/**
 * Creates a site user (the password hashed with scrypt); undefined when the site already has an
 * account with this email in any case. Shared by the endpoint and the demo store's first start.
 */
export async function createSiteUser(
  db: AppDb,
  siteId: string,
  email: string,
  password: string,
): Promise<CreatedSiteUser['siteUser'] | undefined> {
  const emailKey = email.toLowerCase();
  const [existing] = await db
    .select({ id: siteUsers.id })
    .from(siteUsers)
    .where(and(eq(siteUsers.siteId, siteId), eq(siteUsers.emailKey, emailKey)))
    .limit(1);
  // Checked first so a taken address costs no hashing; the unique index settles races.
  if (existing) return undefined;
  const columns = toColumns(await hashPassword(password));
  const [created] = await db
    .insert(siteUsers)
    .values({ id: randomUUID(), siteId, email, emailKey, ...columns })
    .onConflictDoNothing({ target: [siteUsers.siteId, siteUsers.emailKey] })
    .returning({ id: siteUsers.id, email: siteUsers.email });
  return created;
}

export function createAccountHandler(deps: SiteUserDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<CreatedSiteUser> => {
    const body = createSiteUserBody.parse(request.body);
    const { site } = request;
    const created = await createSiteUser(deps.database.db, site.id, body.email, body.password);
    if (!created) throw new AppError('ACCOUNT_EXISTS');
    await offerGuestOrders(deps, request, site, created);
    void reply.code(201);
    return { siteUser: created };
  };
}
