import { defineConfig } from 'vite';

// Client bundles: the island loader plus one lazily imported chunk per island, the three
// platform clients (analytics, error reporter, page-speed collector) and the checkout page's
// totals script as entries of their own,
// each under a gzipped size budget (src/server/render/client-assets-budgets.int.test.ts). The server reads
// the manifest to link the loader and the clients and preload only the chunks a page uses.
// The JSX transform follows the build mode, not NODE_ENV: a production build made while the
// server or the tests run with NODE_ENV=test must still use React's production JSX runtime.
export default defineConfig(({ mode }) => ({
  base: '/',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', development: mode === 'development' } },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    // Maps stay on the server's disk for error reports and are never published (client-assets.ts),
    // so the bundles carry no sourceMappingURL comment pointing at a 404.
    sourcemap: 'hidden',
    target: 'es2022',
    // The server links a modulepreload for every chunk a page's islands need (page-scripts.ts),
    // so Vite's runtime preload helper would only add 0.9 KB to every client that lazy-loads.
    modulePreload: false,
    rollupOptions: {
      input: {
        loader: 'src/islands/loader.ts',
        analytics: 'src/clients/analytics/index.ts',
        'analytics-commerce': 'src/clients/analytics/commerce-entry.ts',
        'error-reporter': 'src/clients/error-reporter/index.ts',
        'page-speed': 'src/clients/page-speed/index.ts',
        'page-speed-after-load': 'src/clients/page-speed/after-load.ts',
        'checkout-totals': 'src/clients/checkout-totals/index.ts',
      },
      output: {
        // What several platform clients and the cookie banner share (page values, limits, the
        // consent answer) is one small chunk, not one chunk per combination of importers.
        codeSplitting: {
          groups: [
            {
              name: 'platform-core',
              test: /src[\\/](shared[\\/]analytics[\\/]limits|clients[\\/]analytics[\\/](page-values|consent))\.ts$/,
            },
          ],
        },
      },
    },
  },
}));
