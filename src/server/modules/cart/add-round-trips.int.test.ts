/**
 * Add to cart's round trips to the database (docs/behaviour/cart.md#cart-calls): the product is
 * read on a prepared statement, then the cart takes two round trips, a read and one writing
 * statement, with no transaction held open around them. Counted on the driver, so a change that
 * adds a statement (or wraps the add in BEGIN … COMMIT again) fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { addCartFixtures, FIXTURE } from '../../../../test/helpers/cart-fixtures.ts';
import { logQueries } from '../../../../test/helpers/query-log.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 100_000, timeWindowMs: 60_000 } });
  await addCartFixtures(harness.database.db);
}, 300_000);
afterAll(() => harness.close());

function add(visitor: Visitor, payload: object) {
  return visitor.inject({ method: 'POST', url: ENTRIES, payload });
}

const touchesCart = (statement: string) => /\b(carts|cart_entries)\b/.test(statement);

describe('add to cart round trips', () => {
  it('adds to an existing cart in two cart statements after the product read, without BEGIN', async () => {
    const visitor = await newVisitor(harness.app);
    const first = await add(visitor, {
      itemId: FIXTURE.shirt.itemId,
      sku: FIXTURE.shirt.skuM,
      quantity: 1,
    });
    expect(first.statusCode).toBe(200);

    for (const sku of [FIXTURE.shirt.skuM, FIXTURE.shirt.skuS]) {
      let status = 0;
      const statements = await logQueries(async () => {
        status = (await add(visitor, { itemId: FIXTURE.shirt.itemId, sku, quantity: 1 }))
          .statusCode;
      });
      console.log(statements);
      expect(status).toBe(200);
      expect(statements.filter((s) => /^(begin|start transaction|commit)\b/.test(s))).toEqual([]);
      expect(statements.filter(touchesCart)).toHaveLength(2);
    }
  });
});
