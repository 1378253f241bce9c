import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCheckoutProducts,
  createCart,
  ITEMS,
  setCheckoutSettings,
  shopper,
} from '../../../../test/helpers/checkout-fixtures.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { loginOwner } from '../../../../test/helpers/site-users.ts';
import { WEBSITE_ROLES } from '../../../shared/roles.ts';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/index.ts';

let harness: TestApp;
const placed: string[] = [];

const ownerVisitor = (email: string, role: number): Promise<Visitor> =>
  loginOwner(harness.app, harness.database.db, email, role);

beforeAll(async () => {
  harness = await createTestApp();
  await setCheckoutSettings(harness.database.db);
  await addCheckoutProducts(harness.database.db);
  for (let i = 0; i < 3; i += 1) {
    const { token } = await createCart(harness.database.db, [{ item: ITEMS.ebook, quantity: 1 }]);
    const response = await (
      await shopper(harness.app, token)
    ).inject({
      method: 'POST',
      url: '/api/commerce/orders',
      headers: { 'idempotency-key': `owner-list-${i}` },
      payload: { email: `buyer${i}@example.com`, payment: { provider: 'test', token: 'success' } },
    });
    placed.push(response.json<{ order: { id: string } }>().order.id);
  }
});
afterAll(() => harness.close());

describe('owner order endpoints', () => {
  it('list orders newest first, a page at a time, for a store manager', async () => {
    const owner = await ownerVisitor('manager@example.com', WEBSITE_ROLES.STORE_MANAGER);
    const first = await owner.inject({ url: '/api/vitrine/owner/orders?limit=2' });
    expect(first.statusCode).toBe(200);
    const page1 = first.json<{
      orders: { id: string; email: string; grandTotalCents: number; totalQuantity: number }[];
      hasNextPage: boolean;
      nextPageCursor: string;
    }>();
    expect(page1.orders.map((o) => o.id)).toEqual([placed[2], placed[1]]);
    expect(page1.orders[0]).toMatchObject({
      email: 'buyer2@example.com',
      grandTotalCents: 1_000,
      totalQuantity: 1,
      status: 'paid',
      currency: 'USD',
    });
    expect(page1.hasNextPage).toBe(true);
    const second = await owner.inject({
      url: `/api/vitrine/owner/orders?limit=2&cursor=${page1.nextPageCursor}`,
    });
    expect(second.json()).toMatchObject({
      orders: [{ id: placed[0] }],
      hasNextPage: false,
      nextPageCursor: null,
    });
  });

  it('show one order with its address, shipping, taxes and payment', async () => {
    const owner = await ownerVisitor('admin@example.com', WEBSITE_ROLES.ADMIN);
    const response = await owner.inject({ url: `/api/vitrine/owner/orders/${placed[0]}` });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ order: unknown }>().order).toMatchObject({
      id: placed[0],
      email: 'buyer0@example.com',
      entries: [expect.objectContaining({ itemId: 'co-ebook', quantity: 1 })],
      shippingAddress: null,
      paymentProvider: 'test',
      status: 'paid',
    });
    const missing = await owner.inject({
      url: '/api/vitrine/owner/orders/00000000-0000-0000-0000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });

  it("show each line's answers to the product's extra fields (null without a form)", async () => {
    await harness.database.db
      .update(schema.orderLines)
      .set({ additionalFields: { engraving: 'A.B.', giftWrap: true } })
      .where(eq(schema.orderLines.orderId, placed[1] ?? ''));
    const owner = await ownerVisitor('admin-fields@example.com', WEBSITE_ROLES.ADMIN);
    const answered = await owner.inject({ url: `/api/vitrine/owner/orders/${placed[1]}` });
    expect(answered.json<{ order: { entries: unknown[] } }>().order.entries).toEqual([
      expect.objectContaining({ additionalFields: { engraving: 'A.B.', giftWrap: true } }),
    ]);
    const plain = await owner.inject({ url: `/api/vitrine/owner/orders/${placed[0]}` });
    expect(plain.json<{ order: { entries: unknown[] } }>().order.entries).toEqual([
      expect.objectContaining({ additionalFields: null, answers: [] }),
    ]);
  });

  it("name each answer by its field's title in the form's order, by its id once the field is gone", async () => {
    const { db } = harness.database;
    const [site] = await db.select({ id: schema.sites.id }).from(schema.sites).limit(1);
    await db.insert(schema.forms).values({
      id: 'engraving-form',
      siteId: site?.id ?? '',
      name: 'Engraving',
      fields: [
        { id: 'gift-wrap', type: 'checkbox', title: 'Gift wrap', required: false },
        { id: 'engraving', type: 'text', title: 'Engraving text', required: true },
      ],
    });
    await db
      .update(schema.products)
      .set({ additionalFieldsFormId: 'engraving-form' })
      .where(eq(schema.products.id, ITEMS.ebook.productId));
    await db
      .update(schema.orderLines)
      .set({ additionalFields: { engraving: 'A.B.', 'gift-wrap': 'Yes', retired: 'kept' } })
      .where(eq(schema.orderLines.orderId, placed[2] ?? ''));
    try {
      const owner = await ownerVisitor('admin-titles@example.com', WEBSITE_ROLES.ADMIN);
      const response = await owner.inject({ url: `/api/vitrine/owner/orders/${placed[2]}` });
      const [entry] = response.json<{ order: { entries: { answers: unknown }[] } }>().order.entries;
      expect(entry?.answers).toEqual([
        { title: 'Gift wrap', value: 'Yes' },
        { title: 'Engraving text', value: 'A.B.' },
        { title: 'retired', value: 'kept' },
      ]);
    } finally {
      await db
        .update(schema.products)
        .set({ additionalFieldsFormId: null })
        .where(eq(schema.products.id, ITEMS.ebook.productId));
    }
  });

  it('refuse anonymous visitors (401), roles without orders:read (403) and bad queries (400)', async () => {
    const anonymous = await newVisitor(harness.app);
    expect((await anonymous.inject({ url: '/api/vitrine/owner/orders' })).statusCode).toBe(401);
    expect(
      (await anonymous.inject({ url: `/api/vitrine/owner/orders/${placed[0]}` })).statusCode,
    ).toBe(401);
    const reporting = await ownerVisitor('reports@example.com', WEBSITE_ROLES.REPORTING);
    const forbidden = await reporting.inject({ url: '/api/vitrine/owner/orders' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<{ error: { code: string } }>().error.code).toBe('OWNER_FORBIDDEN');
    const manager = await ownerVisitor('manager2@example.com', WEBSITE_ROLES.STORE_MANAGER);
    for (const url of [
      '/api/vitrine/owner/orders?limit=0',
      '/api/vitrine/owner/orders?limit=101',
      '/api/vitrine/owner/orders?cursor=nope',
      '/api/vitrine/owner/orders?cursor=00000000-0000-0000-0000-000000000000',
      '/api/vitrine/owner/orders/not-an-id',
    ]) {
      const response = await manager.inject({ url });
      expect([url, response.statusCode]).toEqual([url, 400]);
    }
  });
});
