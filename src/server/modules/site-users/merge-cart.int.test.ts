import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { addCartFixtures, FIXTURE } from '../../../../test/helpers/cart-fixtures.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { insertSiteUser, login } from '../../../../test/helpers/site-users.ts';
import { schema } from '../../db/index.ts';

let harness: TestApp;
let userId: string;
let otherId: string;

beforeAll(async () => {
  harness = await createTestApp();
  await addCartFixtures(harness.database.db);
  userId = await insertSiteUser(harness.database.db, 'mo@example.com');
  otherId = await insertSiteUser(harness.database.db, 'other@example.com');
});
afterAll(() => harness.close());
afterEach(async () => {
  await harness.database.db.delete(schema.carts);
});

function add(visitor: Visitor, payload: Record<string, unknown>, token?: string) {
  return visitor.inject({
    method: 'POST',
    url: '/api/commerce/shopping-cart/entries',
    payload,
    headers: { 'x-csrf-token': token ?? visitor.cookies.get('crumb') ?? visitor.crumb },
  });
}

const shirtM = (quantity: number) => ({
  itemId: FIXTURE.shirt.itemId,
  sku: FIXTURE.shirt.skuM,
  quantity,
});
const notebook = (quantity: number) => ({
  itemId: FIXTURE.notebook.itemId,
  sku: FIXTURE.notebook.sku,
  quantity,
});
const pen = (answers: Record<string, string>) => ({
  itemId: FIXTURE.pen.itemId,
  sku: FIXTURE.pen.sku,
  quantity: 1,
  additionalFields: JSON.stringify(answers),
});

/** A user cart made the way shoppers make one: logged in elsewhere, added, logged out. */
async function userCartWith(...payloads: Record<string, unknown>[]): Promise<string> {
  const elsewhere = await newVisitor(harness.app);
  const { xsrfToken } = (await login(elsewhere, 'mo@example.com')).json<{ xsrfToken: string }>();
  for (const payload of payloads)
    expect((await add(elsewhere, payload, xsrfToken)).statusCode).toBe(200);
  await elsewhere.inject({
    method: 'DELETE',
    url: '/api/site-users/account/session',
    headers: { 'x-csrf-token': xsrfToken },
  });
  const [cart] = await harness.database.db
    .select()
    .from(schema.carts)
    .where(eq(schema.carts.siteUserId, userId));
  if (!cart) throw new Error('no user cart');
  return cart.id;
}

async function entriesOf(cartId: string) {
  return harness.database.db
    .select({
      variantId: schema.cartEntries.variantId,
      quantity: schema.cartEntries.quantity,
      additionalFields: schema.cartEntries.additionalFields,
    })
    .from(schema.cartEntries)
    .where(eq(schema.cartEntries.cartId, cartId))
    .orderBy(asc(schema.cartEntries.position));
}

describe('guest cart on login', () => {
  it('becomes the user cart when the user has none', async () => {
    const guest = await newVisitor(harness.app);
    expect((await add(guest, notebook(2))).statusCode).toBe(200);
    const token = guest.cookies.get('vitrine-cart-token');
    expect((await login(guest, 'mo@example.com')).statusCode).toBe(200);
    expect(guest.cookies.get('vitrine-cart-token')).toBe(token);
    const [cart] = await harness.database.db.select().from(schema.carts);
    expect(cart?.siteUserId).toBe(userId);
  });

  it('is merged into the user cart: same variant adds up, capped by stock; the guest cart is gone', async () => {
    const userCartId = await userCartWith(shirtM(2));
    const guest = await newVisitor(harness.app);
    expect((await add(guest, shirtM(2))).statusCode).toBe(200);
    expect((await add(guest, notebook(3))).statusCode).toBe(200);
    expect((await login(guest, 'mo@example.com')).statusCode).toBe(200);
    // LS-SAND-M has 3 in stock: 2 + 2 is capped at 3. The notebook joins as a new entry.
    expect(await entriesOf(userCartId)).toEqual([
      { variantId: expect.any(String), quantity: 3, additionalFields: null },
      { variantId: expect.any(String), quantity: 3, additionalFields: null },
    ]);
    expect(await harness.database.db.$count(schema.carts)).toBe(1);
    const cart = (await guest.inject({ url: '/api/commerce/shopping-cart' })).json<{
      id: string;
      totalQuantity: number;
    }>();
    expect(cart).toMatchObject({ id: userCartId, totalQuantity: 6 });
  });

  it('adds up entries with the same answers (in any key order) and keeps different answers apart', async () => {
    const userCartId = await userCartWith(pen({ engraving: 'AL', wrap: 'Yes' }));
    const guest = await newVisitor(harness.app);
    expect((await add(guest, pen({ wrap: 'Yes', engraving: 'AL' }))).statusCode).toBe(200);
    expect((await add(guest, pen({ engraving: 'BO' }))).statusCode).toBe(200);
    expect((await login(guest, 'mo@example.com')).statusCode).toBe(200);
    expect(await entriesOf(userCartId)).toEqual([
      {
        variantId: 'engraved-pen-v',
        quantity: 2,
        additionalFields: expect.objectContaining({ engraving: 'AL', wrap: 'Yes' }),
      },
      {
        variantId: 'engraved-pen-v',
        quantity: 1,
        additionalFields: expect.objectContaining({ engraving: 'BO' }),
      },
    ]);
  });

  it('keeps one of a digital product', async () => {
    const ebook = { itemId: FIXTURE.ebook.itemId, sku: FIXTURE.ebook.sku, quantity: 1 };
    const userCartId = await userCartWith(ebook);
    const guest = await newVisitor(harness.app);
    expect((await add(guest, ebook)).statusCode).toBe(200);
    expect((await login(guest, 'mo@example.com')).statusCode).toBe(200);
    expect(await entriesOf(userCartId)).toEqual([
      { variantId: 'ebook-v', quantity: 1, additionalFields: null },
    ]);
  });

  it("never merges another user's cart left in the browser", async () => {
    const shared = await newVisitor(harness.app);
    const { xsrfToken } = (await login(shared, 'other@example.com')).json<{ xsrfToken: string }>();
    expect((await add(shared, notebook(1), xsrfToken)).statusCode).toBe(200);
    const otherCart = shared.cookies.get('vitrine-cart-token') ?? '';
    await harness.database.db
      .update(schema.carts)
      .set({ siteUserId: otherId })
      .where(eq(schema.carts.token, otherCart));
    // Their cart cookie stays (e.g. an old client that ignored the logout response's cookies).
    await harness.database.db.delete(schema.siteUserSessions);
    shared.cookies.delete('vitrine-user-session');
    expect((await login(shared, 'mo@example.com')).statusCode).toBe(200);
    const [theirs] = await harness.database.db
      .select()
      .from(schema.carts)
      .where(eq(schema.carts.token, otherCart));
    expect(theirs?.siteUserId).toBe(otherId);
    expect(await entriesOf(theirs?.id ?? '')).toHaveLength(1);
  });
});
