import { defineConfig } from 'vite';

// The owner dashboard (src/admin, served at /config) is a build of its own: its entry, chunks
// and libraries never join the storefront's chunk graph, so no storefront page links or preloads
// any of it and the storefront budgets (vite.config.ts) stay as they are. It is written into an
// `admin/` folder of the client build, which the storefront's /assets/ route does not serve;
// src/server/modules/owner-app serves it under /config/assets/.
export default defineConfig(({ mode }) => ({
  base: '/config/',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', development: mode === 'development' } },
  build: {
    outDir: 'dist/client/admin',
    emptyOutDir: true,
    manifest: true,
    sourcemap: 'hidden',
    target: 'es2022',
    rollupOptions: {
      input: { admin: 'src/admin/main.tsx' },
      // The libraries mark their hooks "use client" for server-component bundlers; in this
      // client-only build the directive means nothing, and the warning would be noise.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
}));
