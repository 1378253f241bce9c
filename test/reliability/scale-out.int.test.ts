/**
 * Scale-out: two server processes on one PostgreSQL database (and one Redis, REDIS_URL, when it
 * answers) behind a round-robin proxy, so consecutive requests of one shopper land on different
 * processes. A shopper's session, cart and checkout work across both; the per-IP order limit
 * is reached by both together (Redis); killing one process (-9) mid-load loses nothing that
 * was acknowledged, and the cut-off checkouts go through on the survivor under the same keys.
 */
import { Redis } from 'ioredis';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORDER_RATE_LIMIT } from '../../src/server/modules/orders/routes.ts';
import { ERRORS } from '../../src/shared/errors.ts';
import { ITEMS } from '../helpers/checkout-fixtures.ts';
import { createTestDatabase, describeWithPostgres, type TestDatabase } from '../helpers/db.ts';
import {
  addToCart,
  buyUntilServerGone,
  checkout,
  newHttpShopper,
  orderIdOf,
  type CutOffCheckout,
  type HttpAnswer,
} from '../helpers/http-shopper.ts';
import {
  SERVED_BY,
  startRoundRobinProxy,
  type RoundRobinProxy,
} from '../helpers/round-robin-proxy.ts';
import {
  ensureClientBundle,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { auditOrders, prepareStore } from '../helpers/store-audit.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const STOCK = 100_000;
const CLIENTS = 20;
const ACKS_BEFORE_KILL = 20;

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const withRedis = await redisAnswers(REDIS_URL);
if (!withRedis) {
  console.warn(
    `Skipping the shared rate limit of "scale-out": no Redis answers at ${REDIS_URL} (set REDIS_URL).`,
  );
}

/** A client address of its own per run, so counters left in a shared Redis never collide. */
function freshAddress(): string {
  return `10.${randomInt(40, 250)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

describeWithPostgres('scale-out: two processes behind a round-robin proxy', () => {
  let testDatabase: TestDatabase;
  let servers: ServerProcess[] = [];
  let proxy: RoundRobinProxy;

  beforeAll(async () => {
    await ensureClientBundle();
    testDatabase = await createTestDatabase();
    await prepareStore(testDatabase.database, STOCK);
    const env = {
      TRUSTED_PROXIES: '127.0.0.1',
      ...(withRedis ? { REDIS_URL } : {}),
    };
    const databaseUrl = testDatabase.scopedUrl ?? '';
    servers = await Promise.all([
      startServerProcess(databaseUrl, env),
      startServerProcess(databaseUrl, env),
    ]);
    proxy = await startRoundRobinProxy(servers.map((server) => server.url));
  }, 300_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await testDatabase?.cleanup();
  });

  const servedBy = (answer: HttpAnswer) => answer.headers.get(SERVED_BY);

  it("a shopper's session, cart and checkout work across both processes", async () => {
    const shopper = await newHttpShopper(proxy.url, freshAddress());
    const answers: HttpAnswer[] = [];
    const step = async (answer: Promise<HttpAnswer>) => {
      const done = await answer;
      answers.push(done);
      return done;
    };
    expect((await step(addToCart(shopper))).status).toBe(200);
    expect((await step(addToCart(shopper))).status).toBe(200);
    const cart = await step(shopper.request('GET', '/api/commerce/shopping-cart'));
    expect(cart.status).toBe(200);
    expect(cart.body).toMatchObject({
      entries: [{ itemId: ITEMS.scarce.productId, quantity: 2 }],
    });
    const placed = await step(checkout(shopper, `scale-out-${freshAddress()}`));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const after = await step(shopper.request('GET', '/api/commerce/shopping-cart'));
    expect(after.body).toMatchObject({ entries: [] });
    // Both processes served this one shopper (cookies, CSRF crumb and cart honoured by each).
    expect(new Set(answers.map(servedBy))).toEqual(new Set(servers.map((s) => s.url)));
  });

  it.skipIf(!withRedis)(
    `the per-IP order limit (${ORDER_RATE_LIMIT.max} a minute) is shared: reached by both processes together`,
    async () => {
      const shopper = await newHttpShopper(proxy.url, freshAddress());
      const answers: HttpAnswer[] = [];
      // No Idempotency-Key: refused 400 by the route, after the limiter has counted it.
      for (let i = 0; i < ORDER_RATE_LIMIT.max + 10; i += 1)
        answers.push(await shopper.request('POST', '/api/commerce/orders', { body: {} }));
      const limited = answers.filter((answer) => answer.status === 429);
      expect(answers.slice(0, ORDER_RATE_LIMIT.max).map((a) => a.status)).toEqual(
        Array.from({ length: ORDER_RATE_LIMIT.max }, () => 400),
      );
      expect(limited).toHaveLength(10);
      for (const answer of limited)
        expect(answer.body).toEqual({
          error: { code: 'RATE_LIMITED', message: ERRORS.RATE_LIMITED.message },
        });
      expect(new Set(limited.map(servedBy))).toEqual(new Set(servers.map((s) => s.url)));
    },
  );

  it('a process killed (-9) mid-load loses nothing that was acknowledged', async () => {
    const { db } = testDatabase.database;
    const acknowledged: string[] = [];
    const cutOff: CutOffCheckout[] = [];
    const clients = Array.from({ length: CLIENTS }, async (_, i) => {
      const shopper = await newHttpShopper(proxy.url, freshAddress());
      await buyUntilServerGone(shopper, `scale-kill-${i}-${freshAddress()}`, acknowledged, cutOff);
    });
    const deadline = Date.now() + 15_000;
    while (acknowledged.length < ACKS_BEFORE_KILL && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const [victim, survivor] = servers;
    if (!victim || !survivor) throw new Error('two servers expected');
    victim.signal('SIGKILL');
    await victim.exited;
    // Every client meets the dead process within two requests (round robin) and stops.
    await Promise.all(clients);
    const ackedAtKill = acknowledged.length;
    proxy.backends = [survivor.url];

    const retried = await Promise.all(cutOff.map(({ shopper, key }) => checkout(shopper, key)));
    for (const answer of retried) {
      expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);
      acknowledged.push(orderIdOf(answer));
    }
    const audit = await auditOrders(db, ITEMS.scarce.variantId, acknowledged);
    expect(audit.incompleteAcknowledged).toEqual([]);
    expect(audit.ordersWithoutLines).toBe(0);
    expect(audit.purchasedCartsWithoutOrder).toBe(0);
    expect(audit.stock + audit.soldUnits).toBe(STOCK);
    console.info(
      `scale-out kill: ${ackedAtKill} orders acknowledged across two processes when one was ` +
        `killed, ${cutOff.length} checkouts cut off, retried on the survivor: ` +
        `${retried.filter((a) => a.status === 200).length} replayed, ` +
        `${retried.filter((a) => a.status === 201).length} new; ${audit.orders} orders, 0 lost`,
    );
  }, 60_000);
});
