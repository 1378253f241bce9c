import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker fewer than the cores: one worker on a two-core machine. The
// unit and integration files spend much of their time waiting on PostgreSQL, child processes
// and the disk, so two files at once keep both cores busy. Each file has its own database
// (test/helpers/db.ts) and listens on a port of its own, so files never share state.
const WORKERS = Math.max(2, availableParallelism() - 1);

// Three projects, run in this order by `npm test`: unit (pure logic, next to the code),
// integration (app.inject() against a migrated database), e2e (Chromium via playwright-core).
export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['test/unit-setup.ts'],
          // A loaded machine runs a component test's renders slowly; the bound is generous.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: [
            'src/**/*.int.test.ts',
            'test/integration/**/*.int.test.ts',
            'test/security/**/*.int.test.ts',
            'test/reliability/**/*.int.test.ts',
          ],
          environment: 'node',
          // A hang detector, not a speed check: the tests bound their work (hashes, requests,
          // processes), and two files at once on a loaded two-core machine can take minutes
          // over a scrypt-heavy or process-spawning test.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each worker loads the server's modules once instead of once per file (about 4 s of
          // CPU a file). Files still share nothing that matters: each opens its own database and
          // app, closes them in afterAll, and the few that stub globals or timers restore them.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.test.ts', 'test/security/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // The files run one after another in one worker; without isolation the server's
          // modules, Playwright and axe load once instead of once per file (about 60% of the
          // import time). Each file still starts its own app and database, and connects to the
          // run's one Chromium (global setup) with contexts of its own (useStore).
          isolate: false,
        },
      },
    ],
  },
});
