/**
 * Add to cart's round trips to the database (docs/behaviour/cart.md#cart-calls): one statement
 * reads the product with its form and the cart with its lines, one writes, with no transaction
 * held open around them (docs/adr/014-add-to-cart-writes-against-the-cart-version.md). Counted on
 * the driver, so a change that adds a statement (or wraps the add in BEGIN … COMMIT again) fails
 * here.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { addCartFixtures, FIXTURE } from '../../../../test/helpers/cart-fixtures.ts';
import { watchQueries, type QueryLog } from '../../../../test/helpers/query-log.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { schema } from '../../db/index.ts';
import { writeAddedEntry, type AddWrite } from './add-write.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
let harness: TestApp;
let queries: QueryLog;

beforeAll(async () => {
  queries = watchQueries();
  harness = await createTestApp({ rateLimit: { max: 100_000, timeWindowMs: 60_000 } });
  await addCartFixtures(harness.database.db);
}, 300_000);
afterAll(async () => {
  await harness.close();
  queries.stop();
});

function add(visitor: Visitor, payload: object) {
  return visitor.inject({ method: 'POST', url: ENTRIES, payload });
}

const touchesCart = (statement: string) => /\b(carts|cart_entries)\b/.test(statement);

describe('add to cart round trips', () => {
  it('adds to an existing cart in two statements, a read and a write, without BEGIN', async () => {
    const visitor = await newVisitor(harness.app);
    const first = await add(visitor, {
      itemId: FIXTURE.shirt.itemId,
      sku: FIXTURE.shirt.skuM,
      quantity: 1,
    });
    expect(first.statusCode).toBe(200);

    for (const sku of [FIXTURE.shirt.skuM, FIXTURE.shirt.skuS]) {
      let status = 0;
      const statements = await queries.during(async () => {
        status = (await add(visitor, { itemId: FIXTURE.shirt.itemId, sku, quantity: 1 }))
          .statusCode;
      });
      expect(status).toBe(200);
      expect(statements.filter((s) => /^(begin|start transaction|commit)\b/.test(s))).toEqual([]);
      // The product and the cart read together, then the write.
      expect(statements).toHaveLength(2);
      expect(statements.filter(touchesCart)).toHaveLength(2);
    }
  });

  it('reads a product’s extra-fields form in the same statement, for a new cart too', async () => {
    const visitor = await newVisitor(harness.app);
    let status = 0;
    const statements = await queries.during(async () => {
      status = (
        await add(visitor, {
          itemId: FIXTURE.pen.itemId,
          sku: FIXTURE.pen.sku,
          quantity: 1,
          additionalFields: JSON.stringify({ engraving: 'Ada' }),
        })
      ).statusCode;
    });
    expect(status).toBe(200);
    expect(statements.filter((s) => /^(begin|start transaction|commit)\b/.test(s))).toEqual([]);
    expect(statements).toHaveLength(2);
    expect(statements.filter((s) => /\bforms\b/.test(s))).toHaveLength(1);
  });
});

describe('the write checks the version it was given', () => {
  async function cartOf(visitor: Visitor) {
    const response = await add(visitor, {
      itemId: FIXTURE.shirt.itemId,
      sku: FIXTURE.shirt.skuM,
      quantity: 1,
    });
    expect(response.statusCode).toBe(200);
    const { db } = harness.database;
    const [variant] = await db
      .select({ id: schema.variants.id })
      .from(schema.variants)
      .where(eq(schema.variants.sku, FIXTURE.shirt.skuM));
    const cartId = String(response.json<{ shoppingCart: { id: string } }>().shoppingCart.id);
    return { cartId, variantId: variant?.id ?? '' };
  }

  async function stateOf(cartId: string) {
    const result = await harness.database.db.execute(sql`
      select c.xmin::text as version, c.updated_at::text as updated,
             (select json_agg(json_build_object('id', e.id, 'quantity', e.quantity) order by e.id)
                from cart_entries e where e.cart_id = c.id) as entries
        from carts c where c.id = ${cartId}`);
    return (result as { rows: { version: string; updated: string; entries: unknown }[] }).rows[0];
  }

  function write(cartId: string, version: string, variantId: string, quantity: number): AddWrite {
    return {
      cart: { existing: { id: cartId, version } },
      entry: {
        insert: {
          productId: FIXTURE.shirt.itemId,
          answers: null,
          giftCardRecipient: null,
          position: 1,
        },
      },
      productType: 1,
      variantId,
      quantity,
    };
  }

  it('writes nothing to a cart changed since its version was read, and writes at the version now', async () => {
    const { cartId, variantId } = await cartOf(await newVisitor(harness.app));
    const read = await stateOf(cartId);
    // Another write to the cart: every cart write updates the cart row.
    await harness.database.db
      .update(schema.carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(schema.carts.id, cartId));
    const changed = await stateOf(cartId);
    expect(changed?.version).not.toBe(read?.version);

    const db = harness.database.db;
    expect(await writeAddedEntry(db, write(cartId, read?.version ?? '', variantId, 1))).toEqual({
      kind: 'cart-changed',
    });
    expect(await stateOf(cartId)).toEqual(changed);

    const written = await writeAddedEntry(db, write(cartId, changed?.version ?? '', variantId, 1));
    expect(written.kind).toBe('written');
    expect((await stateOf(cartId))?.entries).toHaveLength(2);
  });

  it('refuses more than the stock and leaves the cart row as it was', async () => {
    const { cartId, variantId } = await cartOf(await newVisitor(harness.app));
    await harness.database.db
      .update(schema.variants)
      .set({ unlimited: false, qtyInStock: 3 })
      .where(eq(schema.variants.id, variantId));
    const before = await stateOf(cartId);
    const db = harness.database.db;
    // The cart holds 1: 1 + 3 is more than 3, 1 + 2 is not.
    expect(await writeAddedEntry(db, write(cartId, before?.version ?? '', variantId, 3))).toEqual({
      kind: 'insufficient-stock',
    });
    expect(await stateOf(cartId)).toEqual(before);
    const written = await writeAddedEntry(db, write(cartId, before?.version ?? '', variantId, 2));
    expect(written.kind).toBe('written');
  });
});
