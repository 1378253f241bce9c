/**
 * Shared by this module's integration tests: row counts that prove a refusal changed nothing,
 * a sign-up call from its own client IP (so the per-IP limit only bites where a test wants it),
 * and owner logins.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Visitor } from '../../../../../test/helpers/session.ts';
import { loginOwner } from '../../../../../test/helpers/site-users.ts';
import { schema, type AppDb } from '../../../db/index.ts';

export const SIGNUP = '/api/vitrine/restock/signups';
export const OWNER = '/api/site-users/account/notifications/restock';
/** Sold out in the demo store. */
export const SOLD_OUT = { productId: 'linen-shirt', variantId: 'linen-shirt-l-sand' } as const;
/** In stock in the demo store. */
export const IN_STOCK = { productId: 'linen-shirt', variantId: 'linen-shirt-m-sand' } as const;

let nextIp = 1;
/** A fresh client address per call: 10.x.y.z. */
export function freshIp(): string {
  nextIp += 1;
  return `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`;
}

export function signUp(
  visitor: Visitor,
  payload: unknown,
  options: { ip?: string; csrf?: boolean } = {},
): Promise<LightMyRequestResponse> {
  return visitor.inject({
    method: 'POST',
    url: SIGNUP,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? freshIp(),
    ...(options.csrf === undefined ? {} : { csrf: options.csrf }),
  });
}

export async function restockCounts(db: AppDb): Promise<Record<string, number>> {
  return {
    signups: await db.$count(schema.restockSignups),
    outbox: await db.$count(schema.outbox),
    subscribers: await db.$count(schema.mailingSubscribers),
  };
}

/** Replaces the site's settings (captcha, mailing lists, …) so a test does not depend on the demo's. */
export async function setSiteSettings(
  db: AppDb,
  settings: Record<string, unknown> = {},
): Promise<void> {
  await db
    .update(schema.sites)
    .set({
      settings: { currency: 'USD', timeZone: 'America/New_York', language: 'en-US', ...settings },
    })
    .where(eq(schema.sites.id, 'vitrine-demo'));
}

export async function setVariantStock(
  db: AppDb,
  variantId: string,
  qtyInStock: number,
  unlimited = false,
): Promise<void> {
  await db
    .update(schema.variants)
    .set({ qtyInStock, unlimited })
    .where(eq(schema.variants.id, variantId));
}

export interface OwnerClient {
  readonly visitor: Visitor;
  readonly xsrfToken: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(
    url: string,
    payload: unknown,
    options?: { csrf?: boolean },
  ): Promise<LightMyRequestResponse>;
}

/** Adds an owner with this role and logs in through the owner session endpoint. */
export async function ownerClient(
  app: FastifyInstance,
  db: AppDb,
  email: string,
  role: number,
): Promise<OwnerClient> {
  const visitor = await loginOwner(app, db, email, role, { remoteAddress: freshIp() });
  const { xsrfToken } = visitor;
  return {
    visitor,
    xsrfToken,
    get: (url) => visitor.inject({ method: 'GET', url, remoteAddress: freshIp() }),
    post: (url, payload, options = {}) =>
      visitor.inject({
        method: 'POST',
        url,
        payload: payload as Record<string, unknown>,
        csrf: false,
        remoteAddress: freshIp(),
        headers: options.csrf === false ? {} : { 'x-csrf-token': xsrfToken },
      }),
  };
}
