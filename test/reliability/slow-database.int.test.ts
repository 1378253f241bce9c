/**
 * Slow database: another session holds the row lock of the variant shoppers are buying (an
 * open transaction that ran SELECT … FOR UPDATE). Checkouts and adds of that variant end with
 * 503 and the catalog's message once DATABASE_LOCK_TIMEOUT_MS has passed, nothing hangs and
 * nothing is written; the rest of the store keeps answering; when the lock goes, the same
 * checkouts (same Idempotency-Keys) go through. A statement running past
 * DATABASE_STATEMENT_TIMEOUT_MS is cancelled and answered the same way.
 * Short: one lock; `npm run test:soak`: RELIABILITY_ROUNDS locks (at most 10).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/index.ts';
import { toAppError } from '../../src/server/http/error-handler.ts';
import { ERRORS } from '../../src/shared/errors.ts';
import { testConfig } from '../helpers/app.ts';
import { ITEMS, orderTablesSnapshot } from '../helpers/checkout-fixtures.ts';
import { createTestDatabase, describeWithPostgres, type TestDatabase } from '../helpers/db.ts';
import { orderBody, SCARCE } from '../helpers/http-shopper.ts';
import { newVisitor, type Visitor } from '../helpers/session.ts';
import { reliabilityRounds } from '../helpers/soak.ts';
import { prepareStore } from '../helpers/store-audit.ts';

const LOCKS = reliabilityRounds(1, 10);
const LOCK_TIMEOUT_MS = 1_000;
/**
 * Loose "no hang" bound. PostgreSQL applies lock_timeout to each lock a statement waits for:
 * shoppers queued behind each other for one row wait first for the row's tuple lock (held by
 * the shopper ahead) and then for the holder's transaction, so a request may take twice the
 * limit; plus 2 s.
 */
const ANSWER_BOUND_MS = 2 * LOCK_TIMEOUT_MS + 2_000;
/** At most the pool's size, so no request also waits for a connection. */
const CHECKOUTS = 4;
const UNAVAILABLE = {
  error: { code: 'DATABASE_UNAVAILABLE', message: ERRORS.DATABASE_UNAVAILABLE.message },
};

describeWithPostgres('slow database: a row lock held by another session', () => {
  let testDatabase: TestDatabase;
  let config: Config;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    await prepareStore(testDatabase.database, 1_000);
    // The serving pool is opened the way serve() opens it, from the configuration.
    config = testConfig({ DATABASE_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) });
    database = await openDatabase({
      databaseUrl: testDatabase.scopedUrl ?? '',
      dataDir: '',
      poolSize: CHECKOUTS + 1,
      lockTimeoutMs: config.database.lockTimeoutMs,
      statementTimeoutMs: config.database.statementTimeoutMs,
    });
    app = await createApp({
      config,
      database,
      logger: false,
      rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
    });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await testDatabase?.cleanup();
  });

  async function timed<T>(send: () => Promise<T>): Promise<{ answer: T; ms: number }> {
    const startedAt = Date.now();
    const answer = await send();
    return { answer, ms: Date.now() - startedAt };
  }

  async function shopperWithCart(address: string): Promise<Visitor> {
    const visitor = await newVisitor(app);
    const added = await visitor.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      remoteAddress: address,
      payload: { itemId: SCARCE.itemId, sku: SCARCE.sku, quantity: 1 },
    });
    expect(added.statusCode).toBe(200);
    return visitor;
  }

  function checkout(visitor: Visitor, key: string, address: string) {
    return visitor.inject({
      method: 'POST',
      url: '/api/commerce/orders',
      remoteAddress: address,
      headers: { 'idempotency-key': key },
      payload: orderBody(`${key}@example.com`),
    });
  }

  it.each(Array.from({ length: LOCKS }, (_, i) => i + 1))(
    `lock %i: checkouts and adds answer 503 within twice ${LOCK_TIMEOUT_MS} ms + 2 s, nothing is written, and go through once the lock goes`,
    async (lock) => {
      const { db } = testDatabase.database;
      const address = (i: number) => `10.7.${lock}.${i + 1}`;
      const shoppers = await Promise.all(
        Array.from({ length: CHECKOUTS }, (_, i) => shopperWithCart(address(i))),
      );
      const before = await orderTablesSnapshot(db);

      const holder = new pg.Client({ connectionString: testDatabase.scopedUrl });
      await holder.connect();
      let released = false;
      try {
        await holder.query('begin');
        await holder.query('select id from variants where id = $1 for update', [
          ITEMS.scarce.variantId,
        ]);

        const blocked = await Promise.all(
          shoppers.map((visitor, i) =>
            timed(() => checkout(visitor, `slow-${lock}-${i}`, address(i))),
          ),
        );
        for (const { answer, ms } of blocked) {
          expect({ status: answer.statusCode, body: answer.json<unknown>() }).toEqual({
            status: 503,
            body: UNAVAILABLE,
          });
          expect(ms).toBeLessThan(ANSWER_BOUND_MS);
        }
        // An add of the locked variant waits for the same lock, and gives up the same way.
        const adding = await newVisitor(app);
        const add = await timed(() =>
          adding.inject({
            method: 'POST',
            url: '/api/commerce/shopping-cart/entries',
            remoteAddress: address(CHECKOUTS),
            payload: { itemId: SCARCE.itemId, sku: SCARCE.sku, quantity: 1 },
          }),
        );
        expect(add.answer.statusCode).toBe(503);
        expect(add.answer.json()).toEqual(UNAVAILABLE);
        expect(add.ms).toBeLessThan(ANSWER_BOUND_MS);
        // The rest of the store does not wait for the lock.
        const cart = await shoppers[0]?.inject({
          url: '/api/commerce/shopping-cart',
          remoteAddress: address(0),
        });
        expect(cart?.statusCode).toBe(200);
        // Nothing was written by the refused checkouts (their charges were refunded).
        expect(await orderTablesSnapshot(db)).toEqual(before);

        await holder.query('rollback');
        released = true;
        const retried = await Promise.all(
          shoppers.map((visitor, i) => checkout(visitor, `slow-${lock}-${i}`, address(i))),
        );
        expect(retried.map((r) => r.statusCode)).toEqual(shoppers.map(() => 201));
        const after = await orderTablesSnapshot(db);
        expect(after.orders).toBe(Number(before.orders) + CHECKOUTS);
        expect(Number(after.stock)).toBe(Number(before.stock) - CHECKOUTS);
        console.info(
          `slow database: lock_timeout ${LOCK_TIMEOUT_MS} ms; ${CHECKOUTS} checkouts answered 503 in ` +
            `${blocked.map((b) => b.ms).join(', ')} ms, the add in ${add.ms} ms; all 201 after the lock`,
        );
      } finally {
        if (!released) await holder.query('rollback').catch(() => undefined);
        await holder.end();
      }
    },
    60_000,
  );

  it('a statement running past DATABASE_STATEMENT_TIMEOUT_MS is cancelled and answered as 503', async () => {
    const limited = await openDatabase({
      databaseUrl: testDatabase.scopedUrl ?? '',
      dataDir: '',
      poolSize: 1,
      statementTimeoutMs: testConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '300' }).database
        .statementTimeoutMs,
    });
    try {
      const startedAt = Date.now();
      const failure = await limited.db.execute(sql`select pg_sleep(5)`).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(Date.now() - startedAt).toBeLessThan(300 + 2_000);
      expect(toAppError(failure)?.toBody()).toEqual(UNAVAILABLE);
      // The connection is fine afterwards.
      await expect(limited.ping()).resolves.toBeUndefined();
    } finally {
      await limited.close();
    }
  });
});
