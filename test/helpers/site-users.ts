/**
 * Site users and owners for inject() tests: accounts inserted straight into the database with a
 * cheap scrypt cost (so suites stay fast; a login upgrades the hash as it would in production),
 * and a login through the real endpoint.
 */
import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { schema, type AppDb } from '../../src/server/db/index.ts';
import { hashPassword, toColumns } from '../../src/server/modules/auth/password.ts';
import { newVisitor, type Visitor } from './session.ts';

export const CHEAP_SCRYPT = { N: 1024, r: 8, p: 1 } as const;
export const PASSWORD = 'correct horse battery staple';

export async function firstSiteId(db: AppDb): Promise<string> {
  const [site] = await db
    .select({ id: schema.sites.id })
    .from(schema.sites)
    .orderBy(asc(schema.sites.createdAt))
    .limit(1);
  if (!site) throw new Error('import the demo store first');
  return site.id;
}

export async function insertSiteUser(
  db: AppDb,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const id = randomUUID();
  await db.insert(schema.siteUsers).values({
    id,
    siteId: await firstSiteId(db),
    email,
    emailKey: email.toLowerCase(),
    ...toColumns(await hashPassword(password, CHEAP_SCRYPT)),
  });
  return id;
}

export async function insertOwner(
  db: AppDb,
  email: string,
  role: number,
  password = PASSWORD,
): Promise<string> {
  const id = randomUUID();
  await db.insert(schema.ownerAccounts).values({
    id,
    siteId: await firstSiteId(db),
    email,
    emailKey: email.toLowerCase(),
    role,
    ...toColumns(await hashPassword(password, CHEAP_SCRYPT)),
  });
  return id;
}

export function login(
  visitor: Visitor,
  email: string,
  password = PASSWORD,
  rememberMe = false,
): Promise<LightMyRequestResponse> {
  return visitor.inject({
    method: 'POST',
    url: '/api/site-users/account/session',
    payload: { email, password, rememberMe },
    // The crumb cookie as it is now (a logout rotates it), the way browser code reads it.
    headers: { 'x-csrf-token': visitor.cookies.get('crumb') ?? visitor.crumb },
  });
}

/** Row counts of the account tables, to prove a refused request changed nothing. */
export async function accountCounts(db: AppDb): Promise<Record<string, number>> {
  const tables = {
    siteUsers: schema.siteUsers,
    siteUserSessions: schema.siteUserSessions,
    passwordResetTokens: schema.passwordResetTokens,
    outbox: schema.outbox,
    ownerAccounts: schema.ownerAccounts,
    ownerSessions: schema.ownerSessions,
    carts: schema.carts,
    cartEntries: schema.cartEntries,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) counts[name] = await db.$count(table);
  return counts;
}

/** A visitor logged in as a new owner of the site with `role` (a website role code). */
export async function loginOwner(
  app: FastifyInstance,
  db: AppDb,
  email: string,
  role: number,
  options: { remoteAddress?: string } = {},
): Promise<Visitor & { readonly xsrfToken: string }> {
  await insertOwner(db, email, role);
  const visitor = await newVisitor(app);
  const response = await visitor.inject({
    method: 'POST',
    url: '/api/vitrine/owner/session',
    payload: { email, password: PASSWORD },
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
  });
  if (response.statusCode !== 200)
    throw new Error(`owner login answered ${response.statusCode}: ${response.body}`);
  const { xsrfToken } = response.json<{ xsrfToken: string }>();
  return Object.assign(visitor, { xsrfToken });
}
