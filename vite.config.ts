import { defineConfig } from 'vite';

// Client bundles: the island loader plus one lazily imported chunk per island. The server reads
// the manifest to link the loader and preload only the chunks a page's islands use.
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
    sourcemap: true,
    target: 'es2022',
    rollupOptions: {
      input: { loader: 'src/islands/loader.ts' },
    },
  },
}));
