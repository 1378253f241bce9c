/**
 * Carts belong to the site user who made them: a cart created while logged in records the
 * user (JSON API, plain form, express), a guest's does not, and deleting the account leaves
 * its carts as guest carts (carts.site_user_id → site_users.id ON DELETE SET NULL).
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { addCartFixtures, FIXTURE } from '../../../../test/helpers/cart-fixtures.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { insertSiteUser, login } from '../../../../test/helpers/site-users.ts';
import { schema } from '../../db/index.ts';

const { carts } = schema;
let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp();
  await addCartFixtures(harness.database.db);
});
afterAll(() => harness.close());
afterEach(async () => {
  await harness.database.db.delete(carts);
});

const notebook = { itemId: FIXTURE.notebook.itemId, sku: FIXTURE.notebook.sku, quantity: 1 };

/** A visitor logged in as a new site user, with the token its writes send. */
async function loggedIn(
  email: string,
): Promise<{ visitor: Visitor; userId: string; token: string }> {
  const userId = await insertSiteUser(harness.database.db, email);
  const visitor = await newVisitor(harness.app);
  const response = await login(visitor, email);
  expect(response.statusCode).toBe(200);
  return { visitor, userId, token: response.json<{ xsrfToken: string }>().xsrfToken };
}

function add(visitor: Visitor, token: string, query = '') {
  return visitor.inject({
    method: 'POST',
    url: `/api/commerce/shopping-cart/entries${query}`,
    payload: notebook,
    csrf: false,
    headers: { 'x-csrf-token': token },
  });
}

async function ownerOfCart(cartToken: string | undefined): Promise<string | null | undefined> {
  const [row] = await harness.database.db
    .select({ siteUserId: carts.siteUserId })
    .from(carts)
    .where(eq(carts.token, cartToken ?? ''));
  return row?.siteUserId;
}

describe('who a new cart belongs to', () => {
  it('records the logged-in user on the cart the first add creates, and on an express cart', async () => {
    const { visitor, userId, token } = await loggedIn('ada@example.com');
    expect((await add(visitor, token)).statusCode).toBe(200);
    expect(await ownerOfCart(visitor.cookies.get('vitrine-cart-token'))).toBe(userId);
    const express = await add(visitor, token, '?isExpress=true');
    expect(express.statusCode).toBe(200);
    const expressToken = new URL(
      express.json<{ checkoutUrl: string }>().checkoutUrl,
      'http://site.invalid',
    ).searchParams.get('cartToken');
    expect(await ownerOfCart(expressToken ?? undefined)).toBe(userId);
  });

  it('records the logged-in user on a cart made by the plain HTML form', async () => {
    const { visitor, userId } = await loggedIn('grace@example.com');
    const response = await visitor.inject({
      method: 'POST',
      url: '/cart/add',
      csrf: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        crumb: visitor.cookies.get('crumb') ?? '',
        itemId: notebook.itemId,
        sku: notebook.sku,
        quantity: '1',
      }).toString(),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/cart');
    expect(await ownerOfCart(visitor.cookies.get('vitrine-cart-token'))).toBe(userId);
  });

  it("leaves a guest's cart without a user", async () => {
    const guest = await newVisitor(harness.app);
    expect((await add(guest, guest.crumb)).statusCode).toBe(200);
    const cartToken = guest.cookies.get('vitrine-cart-token');
    expect(cartToken).toBeDefined();
    expect(await ownerOfCart(cartToken)).toBeNull();
  });

  it("turns a deleted account's carts into guest carts", async () => {
    const { visitor, userId, token } = await loggedIn('alan@example.com');
    await add(visitor, token);
    const cartToken = visitor.cookies.get('vitrine-cart-token');
    expect(await ownerOfCart(cartToken)).toBe(userId);
    await harness.database.db.delete(schema.siteUsers).where(eq(schema.siteUsers.id, userId));
    expect(await ownerOfCart(cartToken)).toBeNull();
  });
});
