/**
 * The whole restock flow through the owner stock endpoint: sign-ups taken while a variant is
 * sold out are not sendable; the owner sets stock above 0 (or unlimited) and they become
 * sendable; a send mails each sign-up once and marks it sent once. With the store's automatic
 * send on (the default), the stock edit itself sends them.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { schema } from '../../db/index.ts';
import { setSiteSettings, signUp, SOLD_OUT } from '../restock/testing/restock-fixtures.ts';
import {
  createStoreAdminHarness,
  ownerClient,
  type OwnerClient,
  type StoreAdminHarness,
} from './testing/store-admin-fixtures.ts';

const { restockSignups, outbox, variants } = schema;
const RESTOCK = '/api/site-users/account/notifications/restock';
const EMAILS = ['ada@example.com', 'grace@example.com', 'alan@example.com'];
const stockPath = (variantId: string) =>
  `/api/vitrine/owner/products/linen-shirt/variants/${variantId}/stock`;

let harness: StoreAdminHarness;
let manager: OwnerClient;
let shopper: Visitor;

beforeAll(async () => {
  harness = await createStoreAdminHarness();
  // No captcha: the sign-ups here are the visitors' plain ones. The explicit sends first.
  await setSiteSettings(harness.database.db, { storeSettings: { restockAutoSend: false } });
  harness.siteEditedDirectly();
  manager = await ownerClient(harness.app, harness.database.db, 'STORE_MANAGER');
  shopper = await newVisitor(harness.app);
});
afterAll(() => harness.close());

beforeEach(async () => {
  const { db } = harness.database;
  await db.delete(restockSignups);
  await db.delete(outbox);
  await db
    .update(variants)
    .set({ qtyInStock: 0, unlimited: false })
    .where(eq(variants.id, SOLD_OUT.variantId));
});

async function signUpAll(variant: { productId: string; variantId: string }): Promise<void> {
  for (const email of EMAILS) {
    const response = await signUp(shopper, {
      ...variant,
      siteVisitorEmail: email,
      isJoinMailingList: false,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

async function group(variantId: string): Promise<{ sendable: boolean; pendingCount: number }> {
  const response = await manager.inject({ url: `${RESTOCK}/groups` });
  expect(response.statusCode).toBe(200);
  const found = response
    .json<{ signUpGroups: { variantId: string; sendable: boolean; pendingCount: number }[] }>()
    .signUpGroups.find((entry) => entry.variantId === variantId);
  if (!found) throw new Error(`no sign-up group for ${variantId}`);
  return { sendable: found.sendable, pendingCount: found.pendingCount };
}

describe('restock sign-ups become sendable when an owner sets stock', () => {
  it('sold out → not sendable; stock set to 5 → sendable; send → one email each, marked sent once', async () => {
    const { db } = harness.database;
    await signUpAll(SOLD_OUT);
    expect(await group(SOLD_OUT.variantId)).toEqual({ sendable: false, pendingCount: 3 });
    const early = await manager.inject({
      method: 'POST',
      url: `${RESTOCK}/send`,
      payload: SOLD_OUT,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: { code: 'RESTOCK_NOT_BACK_IN_STOCK' } });

    const restocked = await manager.inject({
      method: 'PUT',
      url: stockPath(SOLD_OUT.variantId),
      payload: { qtyInStock: 5 },
    });
    expect(restocked.statusCode).toBe(200);
    expect(restocked.json()).toMatchObject({ qtyInStock: 5, unlimited: false });
    expect(await group(SOLD_OUT.variantId)).toEqual({ sendable: true, pendingCount: 3 });

    const sent = await manager.inject({
      method: 'POST',
      url: `${RESTOCK}/send`,
      payload: SOLD_OUT,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ ...SOLD_OUT, sentCount: 3 });
    const mails = await db.select({ to: outbox.toAddress }).from(outbox);
    expect(mails.map((mail) => mail.to).sort()).toEqual([...EMAILS].sort());
    const pending = await db
      .select()
      .from(restockSignups)
      .where(and(eq(restockSignups.variantId, SOLD_OUT.variantId), isNull(restockSignups.sentAt)));
    expect(pending).toEqual([]);

    // Sending again mails nobody: each sign-up was marked sent exactly once.
    const again = await manager.inject({
      method: 'POST',
      url: `${RESTOCK}/send`,
      payload: SOLD_OUT,
    });
    expect(again.json()).toEqual({ ...SOLD_OUT, sentCount: 0 });
    expect(await db.$count(outbox)).toBe(3);
    expect(await group(SOLD_OUT.variantId)).toEqual({ sendable: false, pendingCount: 0 });
  });

  it('unlimited stock makes sign-ups sendable too; a count adjusted back to 0 makes them wait again', async () => {
    await signUpAll(SOLD_OUT);
    await manager.inject({
      method: 'PUT',
      url: stockPath(SOLD_OUT.variantId),
      payload: { unlimited: true },
    });
    expect(await group(SOLD_OUT.variantId)).toEqual({ sendable: true, pendingCount: 3 });
    await manager.inject({
      method: 'PUT',
      url: stockPath(SOLD_OUT.variantId),
      payload: { unlimited: false, qtyInStock: 2 },
    });
    expect(await group(SOLD_OUT.variantId)).toEqual({ sendable: true, pendingCount: 3 });
    const shrunk = await manager.inject({
      method: 'POST',
      url: `${stockPath(SOLD_OUT.variantId)}/adjust`,
      payload: { delta: -2 },
    });
    expect(shrunk.json()).toMatchObject({ qtyInStock: 0 });
    expect(await group(SOLD_OUT.variantId)).toEqual({ sendable: false, pendingCount: 3 });
  });
});

describe('restock notices sent by the stock edit itself', () => {
  // A stock edit keeps the cached site (it only moves the stock version), so a settings change
  // written with SQL must drop it, as the owner's settings endpoint does.
  beforeAll(async () => {
    await setSiteSettings(harness.database.db);
    harness.siteEditedDirectly();
  });
  afterAll(async () => {
    await setSiteSettings(harness.database.db, { storeSettings: { restockAutoSend: false } });
    harness.siteEditedDirectly();
  });

  it('by default, putting a sold-out variant back in stock mails each sign-up once', async () => {
    const { db } = harness.database;
    await signUpAll(SOLD_OUT);
    const restocked = await manager.inject({
      method: 'PUT',
      url: stockPath(SOLD_OUT.variantId),
      payload: { qtyInStock: 5 },
    });
    expect(restocked.statusCode).toBe(200);
    expect(restocked.json()).toMatchObject({ qtyInStock: 5 });
    const mails = await db.select({ to: outbox.toAddress }).from(outbox);
    expect(mails.map((mail) => mail.to).sort()).toEqual([...EMAILS].sort());
    expect(await group(SOLD_OUT.variantId)).toEqual({ sendable: false, pendingCount: 0 });
    // A further edit finds nobody left to mail.
    await manager.inject({
      method: 'POST',
      url: `${stockPath(SOLD_OUT.variantId)}/adjust`,
      payload: { delta: 1 },
    });
    expect(await db.$count(outbox)).toBe(3);
  });

  it('sends nothing while the edit leaves the variant sold out', async () => {
    const { db } = harness.database;
    await signUpAll(SOLD_OUT);
    await manager.inject({
      method: 'PUT',
      url: stockPath(SOLD_OUT.variantId),
      payload: { qtyInStock: 0 },
    });
    expect(await db.$count(outbox)).toBe(0);
    expect(await group(SOLD_OUT.variantId)).toEqual({ sendable: false, pendingCount: 3 });
  });
});
