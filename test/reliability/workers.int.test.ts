/**
 * `vitrine serve --workers 2` as an operator runs it (docs/scaling.md): one port served by two
 * worker processes, each with a pool sized under the server's max_connections; SIGTERM to the
 * primary drains both workers and the command exits 0.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeWithPostgres, type TestDatabase } from '../helpers/db.ts';
import {
  ensureClientBundle,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { prepareStore } from '../helpers/store-audit.ts';

describeWithPostgres('serve --workers 2', () => {
  let testDatabase: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    await ensureClientBundle();
    testDatabase = await createTestDatabase();
    await prepareStore(testDatabase.database, 10);
    // At info level each worker logs its pid as it listens and as it shuts down.
    server = await startServerProcess(testDatabase.scopedUrl ?? '', { LOG_LEVEL: 'info' }, [
      '--workers',
      '2',
    ]);
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await testDatabase?.cleanup();
  });

  it('serves one port from two processes, then drains both on SIGTERM and exits 0', async () => {
    expect(server.output()).toMatch(
      /Starting 2 worker processes, each with a pool of \d+ connections…/,
    );
    expect(server.output()).toMatch(
      /Vitrine is serving http:\/\/localhost:\d+ with 2 worker processes/,
    );
    const listeningPids = () =>
      new Set(
        [...server.output().matchAll(/"pid":(\d+)[^\n]*Server listening/g)].map(
          (match) => match[1],
        ),
      );
    // The primary announces once the cluster reports both workers listening; a worker's own log
    // line travels through its output stream and may arrive just after. The bound is a hang
    // detector for a loaded machine, not a speed check.
    await expect.poll(() => listeningPids().size, { timeout: 60_000, interval: 100 }).toBe(2);
    const listening = [...listeningPids()];
    expect(listening).not.toContain(String(server.pid));
    // A new connection each time: the primary hands connections to the workers in turn.
    for (let i = 0; i < 4; i += 1) {
      const response = await fetch(`${server.url}/shop/p/linen-shirt`, {
        headers: { connection: 'close' },
      });
      expect(response.status).toBe(200);
    }

    const exit = await server.stop();
    expect(exit).toEqual({ code: 0, signal: null });
    const drained = [...server.output().matchAll(/"pid":(\d+)[^\n]*"msg":"shutting down"/g)].map(
      (match) => match[1],
    );
    expect(new Set(drained)).toEqual(new Set(listening));
  }, 120_000);
});
