/**
 * Crash: `kill -9` a real server process while 50 clients place orders, restart it on the same
 * database. Every order that was acknowledged (201) exists whole (order, lines, purchased
 * cart), no order is half-written, the stock plus the units sold equal the stock at the start,
 * and a client whose checkout was cut off gets its order by retrying the same request (the
 * same Idempotency-Key): 200 if it had been written, 201 if not.
 * Short: one crash; `npm run test:soak`: RELIABILITY_ROUNDS crashes (at most 5).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ITEMS } from '../helpers/checkout-fixtures.ts';
import { createTestDatabase, describeWithPostgres, type TestDatabase } from '../helpers/db.ts';
import {
  buyUntilServerGone,
  checkout,
  newHttpShopper,
  orderIdOf,
  type CutOffCheckout,
  type HttpShopper,
} from '../helpers/http-shopper.ts';
import {
  ensureClientBundle,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { reliabilityRounds } from '../helpers/soak.ts';
import { auditOrders, prepareStore } from '../helpers/store-audit.ts';

const CLIENTS = 50;
const CRASHES = reliabilityRounds(1, 5);
const STOCK = 100_000;
/** Kill once this many orders were acknowledged in the round (or after 10 s). */
const ACKS_BEFORE_KILL = 40;
const SERVER_ENV = { TRUSTED_PROXIES: '127.0.0.1' };

describeWithPostgres('crash: kill -9 while 50 clients place orders', () => {
  let testDatabase: TestDatabase;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    await ensureClientBundle();
    testDatabase = await createTestDatabase();
    await prepareStore(testDatabase.database, STOCK);
  }, 300_000);
  afterAll(async () => {
    server?.signal('SIGKILL');
    await server?.exited;
    await testDatabase?.cleanup();
  });

  /** A client buying one unit after another until the server goes away. */
  async function client(
    origin: string,
    name: string,
    acknowledged: string[],
    cutOff: CutOffCheckout[],
  ): Promise<void> {
    let shopper: HttpShopper;
    try {
      shopper = await newHttpShopper(origin, name);
    } catch {
      return; // killed before this client's first visit
    }
    await buyUntilServerGone(shopper, `crash-${name}`, acknowledged, cutOff);
  }

  it(`${CRASHES} crash(es): nothing acknowledged is lost, nothing is half-written, stock adds up`, async () => {
    const { db } = testDatabase.database;
    const databaseUrl = testDatabase.scopedUrl ?? '';
    const acknowledged: string[] = [];
    let retried = { replayed: 0, created: 0 };
    for (let crash = 1; crash <= CRASHES; crash += 1) {
      server = await startServerProcess(databaseUrl, SERVER_ENV);
      const running = server;
      const ackedBefore = acknowledged.length;
      const cutOff: CutOffCheckout[] = [];
      const clients = Array.from({ length: CLIENTS }, (_, i) =>
        client(running.url, `10.30.${crash}.${i + 1}`, acknowledged, cutOff),
      );
      const deadline = Date.now() + 10_000;
      while (acknowledged.length - ackedBefore < ACKS_BEFORE_KILL && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      running.signal('SIGKILL');
      expect(await running.exited).toEqual({ code: null, signal: 'SIGKILL' });
      await Promise.all(clients);

      // Restarted on the same database: what was acknowledged is all there.
      server = await startServerProcess(databaseUrl, SERVER_ENV);
      const audit = await auditOrders(db, ITEMS.scarce.variantId, acknowledged);
      expect(audit.incompleteAcknowledged).toEqual([]);
      expect(audit.ordersWithoutLines).toBe(0);
      expect(audit.purchasedCartsWithoutOrder).toBe(0);
      expect(audit.stock + audit.soldUnits).toBe(STOCK);

      // The cut-off checkouts, retried on the new process under the same keys.
      const restarted = server;
      const answers = await Promise.all(
        cutOff.map(async ({ shopper, key }) => {
          shopper.origin = restarted.url;
          return checkout(shopper, key);
        }),
      );
      for (const answer of answers) {
        expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);
        acknowledged.push(orderIdOf(answer));
      }
      retried = {
        replayed: retried.replayed + answers.filter((a) => a.status === 200).length,
        created: retried.created + answers.filter((a) => a.status === 201).length,
      };
      await server.stop();
      console.info(
        `crash ${crash}: killed after ${acknowledged.length - ackedBefore - answers.length} ` +
          `acknowledged orders with ${cutOff.length} checkouts in flight; after the restart ` +
          `${answers.filter((a) => a.status === 200).length} of those replayed (written before ` +
          `the kill), ${answers.filter((a) => a.status === 201).length} placed anew`,
      );
    }

    const audit = await auditOrders(db, ITEMS.scarce.variantId, acknowledged);
    expect(audit.incompleteAcknowledged).toEqual([]);
    expect(audit.ordersWithoutLines).toBe(0);
    expect(audit.purchasedCartsWithoutOrder).toBe(0);
    expect(audit.orders).toBe(acknowledged.length);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    expect(audit.stock + audit.soldUnits).toBe(STOCK);
    console.info(
      `crash: ${CRASHES} kill -9, ${audit.orders} orders, ${audit.soldUnits} units sold, ` +
        `0 lost, 0 half-written; retries: ${retried.replayed} replayed, ${retried.created} new`,
    );
  }, 180_000);
});
