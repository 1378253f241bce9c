import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demo from '../../../../demo/site.json' with { type: 'json' };
import {
  createTestDatabase,
  describeWithPostgres,
  TEST_CONNECTION_WAIT_MS,
} from '../../../../test/helpers/db.ts';
import { openDatabase, schema, type Database } from '../../db/index.ts';
import { importSite } from '../site-import/index.ts';
import { getStock } from './queries.ts';
import { decrementStock, setStock } from './stock.ts';

const { variants } = schema;

async function qty(database: Database, variantId: string): Promise<number | undefined> {
  const [row] = await database.db
    .select({ qty: variants.qtyInStock })
    .from(variants)
    .where(eq(variants.id, variantId));
  return row?.qty;
}

describe('stock', () => {
  let database: Database;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ database, cleanup } = await createTestDatabase());
    await importSite(database, demo);
  });
  afterAll(() => cleanup());

  it('decrements with one conditional update and reports what is left', async () => {
    // linen-shirt-m-sand starts with 3 in stock.
    const result = await database.withTransaction((tx) =>
      decrementStock(tx, 'linen-shirt-m-sand', 2),
    );
    expect(result).toEqual({ ok: true, unlimited: false, qtyInStock: 1 });
    expect(await qty(database, 'linen-shirt-m-sand')).toBe(1);
  });

  it('never goes below zero: asking for more than is left changes nothing', async () => {
    const result = await database.withTransaction((tx) =>
      decrementStock(tx, 'linen-shirt-m-sand', 2),
    );
    expect(result).toEqual({ ok: false, reason: 'insufficient-stock' });
    expect(await qty(database, 'linen-shirt-m-sand')).toBe(1);
    expect(await decrementStock(database.db, 'linen-shirt-l-sand', 1)).toEqual({
      ok: false,
      reason: 'insufficient-stock',
    });
    expect(await qty(database, 'linen-shirt-l-sand')).toBe(0);
  });

  it('takes the last unit exactly once', async () => {
    expect((await decrementStock(database.db, 'linen-shirt-m-sand', 1)).ok).toBe(true);
    expect((await decrementStock(database.db, 'linen-shirt-m-sand', 1)).ok).toBe(false);
    expect(await qty(database, 'linen-shirt-m-sand')).toBe(0);
  });

  it('is refused by the database itself if anything tries to write negative stock', async () => {
    await expect(
      database.db
        .update(variants)
        .set({ qtyInStock: sql`${variants.qtyInStock} - 1` })
        .where(eq(variants.id, 'linen-shirt-m-sand')),
    ).rejects.toThrow();
    expect(await qty(database, 'linen-shirt-m-sand')).toBe(0);
  });

  it('is restored when the transaction that took it rolls back', async () => {
    const before = await qty(database, 'field-notebook-default');
    await expect(
      database.withTransaction(async (tx) => {
        expect((await decrementStock(tx, 'field-notebook-default', 5)).ok).toBe(true);
        throw new Error('payment declined');
      }),
    ).rejects.toThrow('payment declined');
    expect(await qty(database, 'field-notebook-default')).toBe(before);
  });

  it('leaves unlimited variants untouched and reports unknown ones', async () => {
    expect(
      await setStock(database.db, 'field-notebook-default', { qtyInStock: 0, unlimited: true }),
    ).toBe(true);
    expect(await decrementStock(database.db, 'field-notebook-default', 9999)).toEqual({
      ok: true,
      unlimited: true,
      qtyInStock: 0,
    });
    expect(await decrementStock(database.db, 'no-such-variant', 1)).toEqual({
      ok: false,
      reason: 'unknown-variant',
    });
    expect(await setStock(database.db, 'no-such-variant', { qtyInStock: 1 })).toBe(false);
    await expect(decrementStock(database.db, 'field-notebook-default', 0)).rejects.toThrow(
      RangeError,
    );
  });

  it('sells exactly what is in stock to buyers racing for it', async () => {
    await setStock(database.db, 'linen-shirt-l-indigo', { qtyInStock: 5 });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        database.withTransaction((tx) => decrementStock(tx, 'linen-shirt-l-indigo', 1)),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(5);
    const stock = await getStock(database.db, 'linen-shirt');
    expect(stock.find((s) => s.variantId === 'linen-shirt-l-indigo')?.qtyInStock).toBe(0);
  });
});

describeWithPostgres('stock under real concurrency', () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  let buyers: Database;

  beforeAll(async () => {
    const test = await createTestDatabase();
    ({ database, cleanup } = test);
    await importSite(database, demo);
    // A second, larger pool on the same schema: many connections contending for one row.
    if (!test.scopedUrl) throw new Error('expected a PostgreSQL test database');
    // 200 buyers queue for its 20 connections: on a loaded machine a buyer may wait longer than
    // the server's 5 s for one, which would be a refusal this test does not count.
    buyers = await openDatabase({
      databaseUrl: test.scopedUrl,
      dataDir: '',
      poolSize: 20,
      connectionTimeoutMs: TEST_CONNECTION_WAIT_MS,
    });
  });
  afterAll(async () => {
    await buyers.close();
    await cleanup();
  });

  it('200 buyers for the last 10 units: exactly 10 succeed and stock ends at 0, every round', async () => {
    for (let round = 0; round < 5; round += 1) {
      await setStock(database.db, 'linen-shirt-s-sand', { qtyInStock: 10 });
      const outcomes = await Promise.all(
        Array.from({ length: 200 }, () =>
          buyers.withTransaction((tx) => decrementStock(tx, 'linen-shirt-s-sand', 1)),
        ),
      );
      expect(outcomes.filter((o) => o.ok)).toHaveLength(10);
      expect(await qty(database, 'linen-shirt-s-sand')).toBe(0);
    }
  });
});
