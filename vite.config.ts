import { defineConfig } from 'vite';

// Client bundles: the island loader plus one lazily imported chunk per island. The server reads
// the manifest to link the loader and preload only the chunks a page's islands use.
export default defineConfig({
  base: '/',
  publicDir: false,
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
});
