/** PUT /api/commerce/shopping-cart/entries/{entryId}/additionalFields through the real app. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCartFixtures,
  FIXTURE,
  snapshotCartTables,
  type CartTablesSnapshot,
} from '../../../../test/helpers/cart-fixtures.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { schema } from '../../db/index.ts';

let harness: TestApp;
let visitor: Visitor;
let penEntry: string;

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 100_000, timeWindowMs: 60_000 } });
  await addCartFixtures(harness.database.db);
});
afterAll(() => harness.close());

async function addPen(who: Visitor, engraving: string, quantity = 1): Promise<string> {
  const response = await who.inject({
    method: 'POST',
    url: '/api/commerce/shopping-cart/entries',
    payload: {
      itemId: FIXTURE.pen.itemId,
      sku: FIXTURE.pen.sku,
      quantity,
      additionalFields: JSON.stringify({ engraving }),
    },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json<{ newlyAdded: { id: string } }>().newlyAdded.id;
}

const put = (entryId: string, payload: unknown, who: Visitor = visitor, csrf = true) =>
  who.inject({
    method: 'PUT',
    url: `/api/commerce/shopping-cart/entries/${entryId}/additionalFields`,
    payload: payload as object,
    csrf,
  });

beforeEach(async () => {
  visitor = await newVisitor(harness.app);
  penEntry = await addPen(visitor, 'A.B.');
});

describe('updating extra-field answers', () => {
  it('stores the new answers and answers { shoppingCart, updatedEntry }', async () => {
    const response = await put(penEntry, {
      itemId: FIXTURE.pen.itemId,
      sku: FIXTURE.pen.sku,
      additionalFields: JSON.stringify({ engraving: 'Z.Z.', wrap: 'No', stray: 'dropped' }),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['shoppingCart', 'updatedEntry']);
    expect(body.updatedEntry).toMatchObject({
      id: penEntry,
      quantity: 1,
      additionalFields: { engraving: 'Z.Z.', wrap: 'No' },
    });
    expect(body.updatedEntry.additionalFields).not.toHaveProperty('stray');
    expect(body.shoppingCart.entries).toHaveLength(1);
  });

  it('merges into the entry that already has the same answers', async () => {
    const other = await addPen(visitor, 'C.D.', 2);
    const response = await put(other, {
      itemId: FIXTURE.pen.itemId,
      sku: null,
      additionalFields: '{"engraving":"A.B."}',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.updatedEntry).toMatchObject({ id: penEntry, quantity: 3 });
    expect(body.shoppingCart.entries).toHaveLength(1);
    expect(body.shoppingCart.totalQuantity).toBe(3);
  });

  describe('refusals change nothing', () => {
    let before: CartTablesSnapshot;
    beforeEach(async () => {
      before = await snapshotCartTables(harness.database.db);
    });
    async function expectRefusal(
      entryId: string,
      payload: unknown,
      status: number,
      error: Record<string, unknown>,
      who?: Visitor,
    ) {
      const response = await put(entryId, payload, who);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error).toMatchObject(error);
      expect(await snapshotCartTables(harness.database.db)).toEqual(before);
    }

    it('answers that fail the form rules, keyed by field id', async () => {
      await expectRefusal(
        penEntry,
        { itemId: FIXTURE.pen.itemId, sku: FIXTURE.pen.sku, additionalFields: '{"engraving":""}' },
        400,
        {
          code: 'ADDITIONAL_FIELDS_INVALID',
          fields: { engraving: 'Required' },
        },
      );
      await expectRefusal(
        penEntry,
        { itemId: FIXTURE.pen.itemId, sku: FIXTURE.pen.sku, additionalFields: null },
        400,
        {
          code: 'ADDITIONAL_FIELDS_INVALID',
        },
      );
    });

    it('answers that are not JSON', async () => {
      await expectRefusal(
        penEntry,
        { itemId: FIXTURE.pen.itemId, sku: FIXTURE.pen.sku, additionalFields: '{nope' },
        400,
        {
          code: 'ADDITIONAL_FIELDS_NOT_JSON',
        },
      );
    });

    it('an itemId or sku that does not describe the entry, unknown entries, strangers', async () => {
      const notFound = {
        code: 'CART_ENTRY_NOT_FOUND',
        message: 'That item is no longer in your cart.',
      };
      const answers = '{"engraving":"Q"}';
      await expectRefusal(
        penEntry,
        { itemId: FIXTURE.shirt.itemId, sku: FIXTURE.pen.sku, additionalFields: answers },
        404,
        notFound,
      );
      await expectRefusal(
        penEntry,
        { itemId: FIXTURE.pen.itemId, sku: 'OTHER', additionalFields: answers },
        404,
        notFound,
      );
      await expectRefusal(
        'no-such-entry',
        { itemId: FIXTURE.pen.itemId, sku: null, additionalFields: answers },
        404,
        notFound,
      );
      const stranger = await newVisitor(harness.app);
      await expectRefusal(
        penEntry,
        { itemId: FIXTURE.pen.itemId, sku: null, additionalFields: answers },
        404,
        notFound,
        stranger,
      );
    });

    it('wrong types and missing fields', async () => {
      await expectRefusal(penEntry, { itemId: FIXTURE.pen.itemId }, 400, {
        code: 'VALIDATION_FAILED',
        fields: { additionalFields: expect.any(String) },
      });
      await expectRefusal(penEntry, { itemId: 1, additionalFields: null }, 400, {
        fields: { itemId: expect.any(String) },
      });
      await expectRefusal(
        penEntry,
        { itemId: FIXTURE.pen.itemId, additionalFields: { engraving: 'x' } },
        400,
        { code: 'VALIDATION_FAILED' },
      );
      const malformed = await visitor.inject({
        method: 'PUT',
        url: `/api/commerce/shopping-cart/entries/${penEntry}/additionalFields`,
        headers: { 'content-type': 'application/json' },
        payload: '{"itemId":',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.code).toBe('INVALID_JSON');
      expect(await snapshotCartTables(harness.database.db)).toEqual(before);
    });

    it('a merge that would pass 9999 in one entry', async () => {
      const big = await addPen(visitor, 'B', 1);
      await harness.database.db
        .update(schema.cartEntries)
        .set({ quantity: 9999 })
        .where(eq(schema.cartEntries.id, penEntry));
      before = await snapshotCartTables(harness.database.db);
      await expectRefusal(
        big,
        { itemId: FIXTURE.pen.itemId, sku: null, additionalFields: '{"engraving":"A.B."}' },
        400,
        {
          code: 'QUANTITY_OUT_OF_RANGE',
          message: 'Quantity must be between 1 and 9999.',
        },
      );
    });

    it('a missing CSRF token', async () => {
      const response = await put(
        penEntry,
        { itemId: FIXTURE.pen.itemId, additionalFields: '{"engraving":"Q"}' },
        visitor,
        false,
      );
      expect(response.statusCode).toBe(403);
      expect(await snapshotCartTables(harness.database.db)).toEqual(before);
    });
  });
});
