/**
 * The account's orders: /account lists them, /account/orders/:number opens one for its owner
 * only (the site's 404 for anyone else), and guest orders join an account only once its address
 * is verified: through the link emailed to the address, or a completed password reset; a
 * verified account then takes the address's later guest orders at each login.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCheckoutProducts,
  ITEMS,
  setCheckoutSettings,
} from '../../../../test/helpers/checkout-fixtures.ts';
import { placeTestOrder, type PlacedOrder } from '../../../../test/helpers/order-fixtures.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { insertSiteUser, login, PASSWORD } from '../../../../test/helpers/site-users.ts';
import { schema } from '../../db/index.ts';
import { GUEST_ORDERS_WAITING_NOTICE } from './account-orders-context.ts';
import { GUEST_ORDERS_EMAIL_KIND } from './guest-orders.ts';

let harness: TestApp;
let guestOrders: PlacedOrder[];
let otherOrder: PlacedOrder;
let buyer: Visitor;
let link: URL;

const db = () => harness.database.db;

async function ownersOf(ids: string[]) {
  const rows = await db()
    .select({ id: schema.orders.id, siteUserId: schema.orders.siteUserId })
    .from(schema.orders);
  return rows.filter((row) => ids.includes(row.id)).map((row) => row.siteUserId);
}

async function verifiedAt(emailKey: string): Promise<Date | null | undefined> {
  const [row] = await db()
    .select({ at: schema.siteUsers.emailVerifiedAt })
    .from(schema.siteUsers)
    .where(eq(schema.siteUsers.emailKey, emailKey));
  return row?.at;
}

beforeAll(async () => {
  harness = await createTestApp();
  await setCheckoutSettings(db());
  await addCheckoutProducts(db());
  guestOrders = [
    await placeTestOrder(harness, [{ item: ITEMS.ebook, quantity: 1 }], {
      email: 'guest@example.com',
    }),
    await placeTestOrder(harness, [{ item: ITEMS.ebook, quantity: 2 }], {
      email: 'Guest@Example.com',
    }),
  ];
  otherOrder = await placeTestOrder(harness, [{ item: ITEMS.ebook, quantity: 1 }], {
    email: 'someone@example.com',
  });
});
afterAll(() => harness.close());

describe('guest orders and a new account', () => {
  it('creating the account links nothing yet and mails the address a link', async () => {
    buyer = await newVisitor(harness.app);
    const created = await buyer.inject({
      method: 'POST',
      url: '/api/vitrine/site-users/accounts',
      payload: { email: 'guest@example.com', password: PASSWORD },
    });
    expect(created.statusCode).toBe(201);
    // Anyone can type an address: the orders wait until the mailbox proves it.
    expect(await ownersOf(guestOrders.map((o) => o.id))).toEqual([null, null]);
    expect(await verifiedAt('guest@example.com')).toBeNull();
    const [mail] = await db()
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.kind, GUEST_ORDERS_EMAIL_KIND));
    expect(mail).toMatchObject({ toAddress: 'guest@example.com' });
    expect(mail?.textBody).toContain('This address placed 2 earlier orders as a guest.');
    expect(mail?.htmlBody).toContain('Add my orders</a>');
    const href = /https?:\/\/\S+\/account\/orders\/link\?token=\S+/.exec(mail?.textBody ?? '');
    expect(href).not.toBeNull();
    link = new URL(href?.[0] ?? '');

    expect((await login(buyer, 'guest@example.com')).statusCode).toBe(200);
    const home = await buyer.inject({ method: 'GET', url: '/account' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('No orders yet.');
    expect(home.body).toContain(GUEST_ORDERS_WAITING_NOTICE);
  });

  it('another account cannot use the link, and a changed token is refused', async () => {
    await insertSiteUser(db(), 'other@example.com');
    const other = await newVisitor(harness.app);
    expect((await login(other, 'other@example.com')).statusCode).toBe(200);
    const refused = await other.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(refused.statusCode).toBe(404);
    const token = link.searchParams.get('token') ?? '';
    const forged = `${Number(token.split('.')[0]) + 1}.${token.split('.')[1]}`;
    const changed = await buyer.inject({
      method: 'GET',
      url: `${link.pathname}?token=${encodeURIComponent(forged)}`,
    });
    expect(changed.statusCode).toBe(404);
    expect(await ownersOf(guestOrders.map((o) => o.id))).toEqual([null, null]);
  });

  it('logged out, the link goes through the login page', async () => {
    const visitor = await newVisitor(harness.app);
    const response = await visitor.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(
      /^\/account\/login\?returnTo=%2Faccount%2Forders%2Flink/,
    );
  });

  it('opened by the account, it links the address’s guest orders (and only those)', async () => {
    const opened = await buyer.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/account?linked=2');
    const [user] = await db()
      .select({ id: schema.siteUsers.id })
      .from(schema.siteUsers)
      .where(eq(schema.siteUsers.emailKey, 'guest@example.com'));
    expect(await ownersOf(guestOrders.map((o) => o.id))).toEqual([user?.id, user?.id]);
    expect(await ownersOf([otherOrder.id])).toEqual([null]);

    const home = await buyer.inject({ method: 'GET', url: '/account?linked=2' });
    expect(home.headers['cache-control']).toBe('no-store');
    expect(home.body).toContain('2 earlier orders were added to your account.');
    for (const order of guestOrders)
      expect(home.body).toContain(`<a href="/account/orders/${order.number}">#${order.number}</a>`);
    expect(home.body).not.toContain(`#${otherOrder.number}<`);
    expect(home.body).toContain('Processing');
    expect(home.body).not.toContain(GUEST_ORDERS_WAITING_NOTICE);
    expect(await verifiedAt('guest@example.com')).toEqual(expect.any(Date));
  });

  it('a verified account takes the address’s later guest orders at its next login', async () => {
    const later = await placeTestOrder(harness, [{ item: ITEMS.ebook, quantity: 1 }], {
      email: 'GUEST@example.com',
    });
    expect(await ownersOf([later.id])).toEqual([null]);
    const again = await newVisitor(harness.app);
    expect((await login(again, 'guest@example.com')).statusCode).toBe(200);
    const [user] = await db()
      .select({ id: schema.siteUsers.id })
      .from(schema.siteUsers)
      .where(eq(schema.siteUsers.emailKey, 'guest@example.com'));
    expect(await ownersOf([later.id])).toEqual([user?.id]);
    const home = await again.inject({ method: 'GET', url: '/account' });
    expect(home.body).toContain(`<a href="/account/orders/${later.number}">#${later.number}</a>`);
  });

  it('an unverified account’s login links nothing', async () => {
    const order = await placeTestOrder(harness, [{ item: ITEMS.ebook, quantity: 1 }], {
      email: 'other@example.com',
    });
    const other = await newVisitor(harness.app);
    expect((await login(other, 'other@example.com')).statusCode).toBe(200);
    expect(await verifiedAt('other@example.com')).toBeNull();
    expect(await ownersOf([order.id])).toEqual([null]);
    const home = await other.inject({ method: 'GET', url: '/account' });
    expect(home.body).not.toContain(`#${order.number}<`);
  });
});

describe('a password reset', () => {
  it('verifies the address and links its guest orders; a refused link changes nothing', async () => {
    const order = await placeTestOrder(harness, [{ item: ITEMS.ebook, quantity: 1 }], {
      email: 'reset@example.com',
    });
    const id = await insertSiteUser(db(), 'reset@example.com');
    const visitor = await newVisitor(harness.app);
    const bad = await visitor.inject({
      method: 'POST',
      url: '/api/vitrine/site-users/password-reset/complete',
      payload: { token: 'x'.repeat(43), password: 'a new password' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await verifiedAt('reset@example.com')).toBeNull();
    expect(await ownersOf([order.id])).toEqual([null]);

    const asked = await visitor.inject({
      method: 'POST',
      url: '/api/vitrine/site-users/password-reset',
      payload: { email: 'reset@example.com' },
    });
    expect(asked.statusCode).toBe(202);
    const [mail] = await db()
      .select()
      .from(schema.outbox)
      .where(
        and(
          eq(schema.outbox.kind, 'site-user-password-reset'),
          eq(schema.outbox.toAddress, 'reset@example.com'),
        ),
      );
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? '')?.[1] ?? '';
    const done = await visitor.inject({
      method: 'POST',
      url: '/api/vitrine/site-users/password-reset/complete',
      payload: { token, password: 'a new password' },
    });
    expect(done.statusCode).toBe(200);
    expect(await verifiedAt('reset@example.com')).toEqual(expect.any(Date));
    expect(await ownersOf([order.id])).toEqual([id]);
  });
});

describe('an order’s page', () => {
  it('shows the account’s own order', async () => {
    const [order] = guestOrders;
    const page = await buyer.inject({ method: 'GET', url: `/account/orders/${order?.number}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(`Order #${order?.number}`);
    expect(page.body).toContain('1 Water St');
  });

  it('is the 404 page for another account’s order, a guest’s, or no order', async () => {
    for (const number of [otherOrder.number, 999_999, 'abc']) {
      const page = await buyer.inject({ method: 'GET', url: `/account/orders/${number}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('data-page-type="100"');
    }
    const other = await newVisitor(harness.app);
    expect((await login(other, 'other@example.com')).statusCode).toBe(200);
    const [order] = guestOrders;
    const page = await other.inject({ method: 'GET', url: `/account/orders/${order?.number}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('1 Water St');
  });

  it('sends a logged-out visitor to the login page', async () => {
    const visitor = await newVisitor(harness.app);
    const page = await visitor.inject({ method: 'GET', url: `/account/orders/1001` });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('/account/login?returnTo=%2Faccount%2Forders%2F1001');
  });

  it('lists an order bought while logged in without any link', async () => {
    const id = (await placeLoggedIn()).id;
    const [row] = await db()
      .select({ siteUserId: schema.orders.siteUserId })
      .from(schema.orders)
      .where(and(eq(schema.orders.id, id)));
    expect(row?.siteUserId).not.toBeNull();
  });
});

/** An order through the API by the logged-in buyer (their cart cookie). */
async function placeLoggedIn(): Promise<{ id: string }> {
  // The login rotated the crumb: send the cookie's, as browser code does.
  const crumb = { 'x-csrf-token': buyer.cookies.get('crumb') ?? buyer.crumb };
  const add = await buyer.inject({
    headers: crumb,
    method: 'POST',
    url: '/api/commerce/shopping-cart/entries',
    payload: { itemId: ITEMS.ebook.productId, sku: 'CO-EBOOK', quantity: 1 },
  });
  if (add.statusCode >= 300) throw new Error(`not added: ${add.body}`);
  const placed = await buyer.inject({
    method: 'POST',
    url: '/api/commerce/orders',
    headers: { ...crumb, 'idempotency-key': 'logged-in-order' },
    payload: { email: 'guest@example.com', payment: { provider: 'test', token: 'success' } },
  });
  if (placed.statusCode !== 201) throw new Error(`not placed: ${placed.body}`);
  return placed.json<{ order: { id: string } }>().order;
}
