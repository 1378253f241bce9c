/**
 * The database goes away during load and comes back. A shared PostgreSQL server cannot be
 * restarted from a test, so the app's pool reaches it through a TCP proxy (test/helpers/
 * tcp-proxy.ts) that is cut (every connection destroyed, new ones refused, as when the server
 * stops) and restored. While it is down every request answers 503 with the catalog's message,
 * none hangs; after it is back the pool reconnects by itself within 10 s.
 * "No request hangs" is bounded by work, not by a wall-clock figure a loaded machine cannot keep:
 * a request waits for at most one connection timeout, and beyond that takes no longer than the
 * slowest request the same shoppers sent while the database was up (measured in the same round,
 * so on a machine ten times slower the allowance is ten times larger).
 * Short: two outages; `npm run test:soak`: RELIABILITY_ROUNDS outages (at most 10).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { openDatabase, type Database } from '../../src/server/db/index.ts';
import { CONNECTION_TIMEOUT_MS } from '../../src/server/db/postgres.ts';
import { CART_TOKEN_COOKIE } from '../../src/server/modules/cart/cart-cookies.ts';
import { ERRORS } from '../../src/shared/errors.ts';
import { testConfig } from '../helpers/app.ts';
import { createTestDatabase, describeWithPostgres, type TestDatabase } from '../helpers/db.ts';
import { orderBody, SCARCE } from '../helpers/http-shopper.ts';
import { newVisitor, type Visitor } from '../helpers/session.ts';
import { reliabilityRounds } from '../helpers/soak.ts';
import { prepareStore } from '../helpers/store-audit.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

const OUTAGES = reliabilityRounds(2, 10);
const WORKERS = 12;
const DOWN_MS = 2_000;
/** On an idle machine: the pool's connection timeout plus 2 s (the round's own figure may be more). */
const IDLE_ANSWER_BOUND_MS = CONNECTION_TIMEOUT_MS + 2_000;
/** A request not answered by then is recorded as hung: far past any bound a round computes. */
const HUNG_AFTER_MS = 6 * CONNECTION_TIMEOUT_MS;
const RECOVERY_BOUND_MS = 10_000;

const UNAVAILABLE = {
  error: { code: 'DATABASE_UNAVAILABLE', message: ERRORS.DATABASE_UNAVAILABLE.message },
};

interface Answer {
  readonly startedAt: number;
  readonly ms: number;
  readonly status: number | 'hung';
  readonly body: unknown;
  readonly needsDatabase?: boolean;
}

describeWithPostgres('database restart during load', () => {
  let testDatabase: TestDatabase;
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;
  let shoppers: Visitor[];
  let proxiedUrl: string;
  /** Each shopper has an address of their own: the per-IP order limit is not under test. */
  const indexOf = new Map<Visitor, number>();
  /** A fresh set of addresses per outage: the 503 retries of ten outages exceed 120 a minute. */
  let outageNumber = 0;
  const addressOf = (visitor: Visitor) => `10.9.${outageNumber}.${(indexOf.get(visitor) ?? 0) + 1}`;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    await prepareStore(testDatabase.database, 1_000_000);
    const direct = new URL(testDatabase.scopedUrl ?? '');
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    proxiedUrl = proxied.toString();
    database = await openDatabase({ databaseUrl: proxiedUrl, dataDir: '', poolSize: 5 });
    app = await createApp({
      config: testConfig(),
      database,
      logger: false,
      rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
    });
    await app.ready();
    shoppers = await Promise.all(
      Array.from({ length: WORKERS }, async (_, i) => {
        const visitor = await newVisitor(app);
        indexOf.set(visitor, i);
        const added = await addOne(visitor);
        expect(added.status).toBe(200);
        return visitor;
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await testDatabase?.cleanup();
  });

  async function timed(send: () => Promise<{ statusCode: number; body: string }>) {
    const startedAt = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<'hung'>((resolve) => {
      timer = setTimeout(() => resolve('hung'), HUNG_AFTER_MS);
    });
    const response = await Promise.race([send(), hung]);
    clearTimeout(timer);
    const ms = Date.now() - startedAt;
    if (response === 'hung') return { startedAt, ms, status: 'hung', body: undefined } as Answer;
    let body: unknown = response.body;
    try {
      body = JSON.parse(response.body) as unknown;
    } catch {
      // not JSON
    }
    return { startedAt, ms, status: response.statusCode, body } as Answer;
  }

  function addOne(visitor: Visitor): Promise<Answer> {
    return timed(() =>
      visitor.inject({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        remoteAddress: addressOf(visitor),
        payload: { itemId: SCARCE.itemId, sku: SCARCE.sku, quantity: 1 },
      }),
    );
  }

  /** One step of a shopper's visit: read the cart, add to it, or check out. */
  async function visit(visitor: Visitor, step: number, record: (a: Answer) => void) {
    if (step % 3 === 0) {
      // Without a cart cookie (just after a purchase) the empty cart needs no query.
      const needsDatabase = visitor.cookies.has(CART_TOKEN_COOKIE);
      const answer = await timed(() =>
        visitor.inject({
          url: '/api/commerce/shopping-cart',
          remoteAddress: addressOf(visitor),
        }),
      );
      record({ ...answer, needsDatabase });
    } else if (step % 3 === 1) record(await addOne(visitor));
    else await checkout(visitor, step, record);
  }

  /**
   * A checkout of the shopper's cart: 201, 200 for a retry whose first answer was lost, 400 when
   * the cart is empty. A 503 is retried under the same key (every answer is recorded), as a
   * client would, before the shopper does anything else.
   */
  async function checkout(visitor: Visitor, step: number, record: (a: Answer) => void) {
    const key = `restart-${step}-${addressOf(visitor)}`;
    for (;;) {
      const answer = await timed(() =>
        visitor.inject({
          method: 'POST',
          url: '/api/commerce/orders',
          remoteAddress: addressOf(visitor),
          headers: { 'idempotency-key': key },
          payload: orderBody('restart@example.com'),
        }),
      );
      record(answer);
      if (answer.status !== 503) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it.each(Array.from({ length: OUTAGES }, (_, i) => i + 1))(
    'outage %i: 503 with the catalog message while down, no request hangs, recovery within 10 s',
    async (outage) => {
      outageNumber = outage;
      const answers: Answer[] = [];
      let running = true;
      const workers = shoppers.map(async (visitor, worker) => {
        for (let step = outage * 100_000 + worker; running; step += 1)
          await visit(visitor, step, (answer) => answers.push(answer));
      });
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

      // The cut comes once every shopper has been answered twice: the round's measure of how
      // long a request takes on this machine with the database up.
      while (answers.length < WORKERS * 2) await sleep(50);
      const cutAt = Date.now();
      await proxy.cut();
      const downAt = Date.now();
      await sleep(DOWN_MS);
      const restoredAt = Date.now();
      await proxy.restore();
      // Keep the load on until the pool has served requests again, or the bound has passed.
      const healthy = (a: Answer) => a.startedAt >= restoredAt && a.status !== 503;
      while (Date.now() - restoredAt < RECOVERY_BOUND_MS + 2_000) {
        if (answers.filter(healthy).length >= WORKERS * 3) break;
        await sleep(100);
      }
      running = false;
      await Promise.all(workers);

      // Nothing hung, nothing failed in a way other than the catalog's 503. A request may wait
      // one connection timeout, plus three times what a request took on this machine with the
      // database up (the slowest answer before the cut), or 2 s if that is more.
      const slowest = Math.max(...answers.map((a) => a.ms));
      const slowestWhileUp = Math.max(
        0,
        ...answers.filter((a) => a.startedAt + a.ms < cutAt).map((a) => a.ms),
      );
      const answerBound = Math.max(
        IDLE_ANSWER_BOUND_MS,
        CONNECTION_TIMEOUT_MS + 3 * slowestWhileUp,
      );
      expect(answers.filter((a) => a.status === 'hung')).toEqual([]);
      expect(slowest).toBeLessThan(answerBound);
      const expected = new Set([200, 201, 400, 503]);
      expect(
        answers.filter((a) => typeof a.status !== 'number' || !expected.has(a.status)),
      ).toEqual([]);
      for (const answer of answers.filter((a) => a.status === 503))
        expect(answer.body).toEqual(UNAVAILABLE);

      // Every request that needed the database while the proxy was down was refused with 503.
      const whileDown = answers.filter(
        (a) =>
          a.needsDatabase !== false && a.startedAt >= downAt && a.startedAt + a.ms <= restoredAt,
      );
      expect(whileDown.length).toBeGreaterThan(0);
      expect(whileDown.filter((a) => a.status !== 503)).toEqual([]);

      // The pool came back by itself: the first request after the restore that succeeded.
      const recovered = answers.filter(healthy).sort((a, b) => a.startedAt - b.startedAt)[0];
      expect(recovered, 'a request succeeded after the restore').toBeDefined();
      const recoveryMs = (recovered?.startedAt ?? Infinity) + (recovered?.ms ?? 0) - restoredAt;
      expect(recoveryMs).toBeLessThanOrEqual(RECOVERY_BOUND_MS);
      // Once recovered, it stays recovered.
      const after = answers.filter((a) => a.startedAt > (recovered?.startedAt ?? 0) + 1_000);
      expect(after.filter((a) => a.status === 503)).toEqual([]);

      const count503 = answers.filter((a) => a.status === 503).length;
      console.info(
        `database restart: ${answers.length} requests, ${whileDown.length} while down ` +
          `(slowest ${Math.max(...whileDown.map((a) => a.ms))} ms, all 503), cut took ` +
          `${downAt - cutAt} ms, slowest overall ${slowest} ms (bound ${answerBound} ms), ` +
          `recovered ${recoveryMs} ms after ` +
          `the restore; 503s: ${count503}`,
      );
    },
    // The round's steps are bounded (a 2 s outage, answers within the bound); the timeout only
    // catches a hang, and a loaded machine stretches every step.
    180_000,
  );

  it('a transaction cut off before its BEGIN gives its connection back', async () => {
    // One connection, idle; the link is cut and a transaction starts before the pool notices:
    // it gets the dead connection and its BEGIN fails. The pool must not keep counting that
    // connection as in use, or (with one connection) every later query would time out.
    const single = await openDatabase({ databaseUrl: proxiedUrl, dataDir: '', poolSize: 1 });
    try {
      await single.ping();
      const cutting = proxy.cut();
      const cutOff = await single
        .withTransaction((tx) => tx.execute(sql`select 1`))
        .then(
          () => 'committed',
          () => 'failed',
        );
      await cutting;
      await proxy.restore();
      expect(['committed', 'failed']).toContain(cutOff);
      await expect(
        single.withTransaction((tx) => tx.execute(sql`select 1`)),
      ).resolves.toBeDefined();
    } finally {
      // A leaked connection would also keep close() waiting for ever.
      await Promise.race([single.close(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
  });

  it('no connection is left checked out: the pool closes at once', async () => {
    await app.close();
    const closed = database.close().then(() => 'closed');
    const timeout = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000));
    expect(await Promise.race([closed, timeout])).toBe('closed');
  });
});
