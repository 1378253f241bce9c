/**
 * Graceful shutdown of a real server process: SIGTERM while checkouts are in flight. To hold
 * them in flight for certain, another session keeps the variant's row locked (the checkouts
 * wait for it, DATABASE_LOCK_TIMEOUT_MS being longer than the test); then SIGTERM: the port stops
 * accepting connections while the process waits for them, the lock goes, every in-flight
 * checkout is answered 201 and its order written, and the process exits 0 right after.
 */
import net from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { ITEMS, stockOf } from '../helpers/checkout-fixtures.ts';
import { createTestDatabase, describeWithPostgres, type TestDatabase } from '../helpers/db.ts';
import {
  addToCart,
  checkout,
  newHttpShopper,
  orderIdOf,
  type HttpShopper,
} from '../helpers/http-shopper.ts';
import {
  ensureClientBundle,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { prepareStore } from '../helpers/store-audit.ts';

const IN_FLIGHT = 6;
const STOCK = 100;

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves true once a TCP connection to the port is refused, false if it still connects. */
function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describeWithPostgres('graceful shutdown: SIGTERM during load', () => {
  let testDatabase: TestDatabase;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    await ensureClientBundle();
    testDatabase = await createTestDatabase();
    await prepareStore(testDatabase.database, STOCK);
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await testDatabase?.cleanup();
  });

  it('in-flight requests finish, new connections are refused, the process exits 0', async () => {
    const { db } = testDatabase.database;
    const databaseUrl = testDatabase.scopedUrl ?? '';
    // The server's connections carry a name of their own, so the wait below counts only them
    // (other suites on the same PostgreSQL server may be waiting for locks too).
    const applicationName = `graceful-${process.pid}-${Date.now()}`;
    const serverUrl = new URL(databaseUrl);
    serverUrl.searchParams.set('application_name', applicationName);
    server = await startServerProcess(serverUrl.toString(), {
      TRUSTED_PROXIES: '127.0.0.1',
      DATABASE_LOCK_TIMEOUT_MS: '60000',
    });
    const port = Number(new URL(server.url).port);
    const shoppers: HttpShopper[] = [];
    for (let i = 0; i < IN_FLIGHT; i += 1) {
      const shopper = await newHttpShopper(server.url, `10.20.0.${i + 1}`);
      expect((await addToCart(shopper)).status).toBe(200);
      shoppers.push(shopper);
    }

    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from variants where id = $1 for update', [
        ITEMS.scarce.variantId,
      ]);
      const answers = shoppers.map((shopper, i) => checkout(shopper, `graceful-${i}`));
      // Wait until every checkout waits for the lock (in flight for certain).
      for (let waited = 0; ; waited += 100) {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(sql`pg_stat_activity`)
          .where(and(eq(sql`wait_event_type`, 'Lock'), eq(sql`application_name`, applicationName)));
        if ((row?.n ?? 0) >= IN_FLIGHT) break;
        if (waited > 20_000)
          throw new Error(`checkouts not waiting for the lock:\n${server.output()}`);
        await sleep(100);
      }

      server.signal('SIGTERM');
      let refused = false;
      for (let tries = 0; tries < 100 && !refused; tries += 1) {
        refused = await refuses(port);
        if (!refused) await sleep(50);
      }
      expect(refused, 'new connections refused after SIGTERM').toBe(true);
      // Still running: it waits for the checkouts it accepted.
      expect(await Promise.race([server.exited.then(() => 'exited'), sleep(300)])).toBe(undefined);

      await holder.query('rollback');
      const settled = await Promise.all(answers);
      expect(settled.map((answer) => answer.status)).toEqual(shoppers.map(() => 201));
      // No hang: once the last answer is out the process exits, well within the 30 s an
      // orchestrator usually grants before SIGKILL (it used to wait out the 72 s keep-alive
      // timeout of the connections that had been busy).
      const answeredAt = Date.now();
      const exit = await server.exited;
      const exitMs = Date.now() - answeredAt;
      expect(exit).toEqual({ code: 0, signal: null });
      expect(exitMs).toBeLessThan(10_000);

      const ids = settled.map(orderIdOf);
      const written = await db
        .select({ id: schema.orders.id })
        .from(schema.orders)
        .where(sql`${schema.orders.id} in ${ids}`);
      expect(written).toHaveLength(IN_FLIGHT);
      expect(await stockOf(db, ITEMS.scarce.variantId)).toBe(STOCK - IN_FLIGHT);
      console.info(
        `graceful shutdown: ${IN_FLIGHT} checkouts in flight at SIGTERM all answered 201, ` +
          `new connections refused while they waited, exit code ${exit.code} ${exitMs} ms after the last answer`,
      );
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
    }
  }, 120_000);
});
