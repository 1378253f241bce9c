import { defineConfig } from 'vitest/config';

// Three projects, run in this order by `npm test`: unit (pure logic, next to the code),
// integration (app.inject() against a migrated database), e2e (Chromium via playwright-core).
export default defineConfig({
  test: {
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
        },
      },
    ],
  },
});
