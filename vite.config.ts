import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * Small modules that every storefront page loads at load, through the header's cart and account
 * islands and the analytics client: one chunk instead of about ten of under 1 KB each. Over
 * HTTP/1.1 each file took a request of its own on the browser's six connections, beside the
 * stylesheet, the fonts and the main image on a slow link (bench/README.md, "Product page first
 * paint"). The product page's JS went from 26 files and 89.3 KB to 21 and 88.8 KB (fewer files
 * compress better; src/server/render/page-budgets.int.test.ts).
 */
const PAGE_CORE = [
  'node_modules/react/jsx-runtime.js',
  'node_modules/react/cjs/react-jsx-runtime.production.js',
  'src/clients/cart-store.ts',
  'src/clients/session-token.ts',
  'src/shared/browser-messages.ts',
  'src/shared/cart/count-label.ts',
  'src/islands/cart-count/subtotal-text.ts',
].map((file) => path.normalize(file));

/**
 * The small modules the product form shares with the cart page and the product page's idle
 * islands (product types, the total and variant events, the add-to-cart failure, the deferred
 * part, JSON calls): one chunk instead of four on the product page, three files fewer for its
 * islands to wait for once the scripts start after the first paint (bench/README.md, "Product page
 * first paint").
 */
const PRODUCT_CORE = [
  'src/shared/catalog/product-types.ts',
  'src/shared/catalog/product-total-event.ts',
  'src/shared/restock/variant-change.ts',
  'src/clients/json-call.ts',
  'src/shared/cart/quantity.ts',
  'src/shared/cart/add-failure.ts',
  'src/islands/deferred-part.tsx',
].map((file) => path.normalize(file));

// Client bundles: the island loader plus one lazily imported chunk per island, the three
// platform clients (analytics, error reporter, page-speed collector), the checkout page's
// totals script and the script starter that links them all after the first paint as entries of
// their own,
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
        'script-start': 'src/clients/script-start/index.ts',
      },
      output: {
        // What several platform clients and the cookie banner share (page values, limits, the
        // consent answer) is one small chunk, not one chunk per combination of importers.
        codeSplitting: {
          groups: [
            {
              name: 'page-core',
              test: (id) => PAGE_CORE.some((file) => id.endsWith(file)),
              // Their imports stay where they were: the money formatting they use also serves
              // the checkout totals script, which loads no island.
              includeDependenciesRecursively: false,
            },
            {
              name: 'product-core',
              test: (id) => PRODUCT_CORE.some((file) => id.endsWith(file)),
              includeDependenciesRecursively: false,
            },
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
