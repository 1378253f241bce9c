/**
 * Owner stock adjustments under real concurrency (separate PostgreSQL connections): shrinkage
 * counted by many people at once never takes the stock below 0, and adjustments racing with
 * sales lose no unit.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeWithPostgres,
  type TestDatabase,
} from '../../../../test/helpers/db.ts';
import { AppError } from '../../../shared/errors.ts';
import { schema } from '../../db/index.ts';
import { DEMO_SITE_FILE, readSiteFile } from '../../main.ts';
import { decrementStock } from '../catalog/stock.ts';
import { importSite } from '../site-import/index.ts';
import { adjustVariantStock, setVariantStock } from './stock.ts';

const REF = { siteId: 'vitrine-demo', productId: 'linen-shirt', variantId: 'linen-shirt-m-sand' };
const ROUNDS = 10;

describeWithPostgres('owner stock adjustments racing on PostgreSQL', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
    await importSite(test.database, await readSiteFile(DEMO_SITE_FILE));
  });
  afterAll(() => test.cleanup());

  async function stock(): Promise<number> {
    const [row] = await test.database.db
      .select({ qty: schema.variants.qtyInStock })
      .from(schema.variants)
      .where(eq(schema.variants.id, REF.variantId));
    return row?.qty ?? -1;
  }

  function outcome(promise: Promise<unknown>): Promise<string> {
    return promise.then(
      () => 'ok',
      (error: unknown) => (error instanceof AppError ? error.code : String(error)),
    );
  }

  it(`50 concurrent shrinkage counts of 1 on 10 in stock: exactly 10 succeed, stock ends at 0 (${ROUNDS} rounds)`, async () => {
    const { db } = test.database;
    for (let round = 0; round < ROUNDS; round += 1) {
      await setVariantStock(db, REF, { qtyInStock: 10, unlimited: false });
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, () => outcome(adjustVariantStock(db, REF, -1))),
      );
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
      expect(outcomes.filter((o) => o === 'STOCK_BELOW_ZERO')).toHaveLength(40);
      expect(await stock()).toBe(0);
    }
  });

  it(`returns counted in while shoppers buy lose no unit (${ROUNDS} rounds)`, async () => {
    const { db } = test.database;
    for (let round = 0; round < ROUNDS; round += 1) {
      await setVariantStock(db, REF, { qtyInStock: 5, unlimited: false });
      const sales = Array.from({ length: 30 }, () =>
        test.database.withTransaction((tx) => decrementStock(tx, REF.variantId, 1)),
      );
      const returns = Array.from({ length: 10 }, () => outcome(adjustVariantStock(db, REF, 1)));
      const [sold, returned] = await Promise.all([Promise.all(sales), Promise.all(returns)]);
      expect(returned.every((o) => o === 'ok')).toBe(true);
      const succeeded = sold.filter((result) => result.ok).length;
      expect(succeeded).toBeGreaterThanOrEqual(5);
      expect(await stock()).toBe(5 + 10 - succeeded);
    }
  });
});
