import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadClientAssets } from '../render/client-assets.ts';
import { ensureClientBuild } from './client-build.ts';

describe('client build', () => {
  it('builds once, then only when the sources change; always production React', async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'vitrine-build-'));
    // Vitest runs with NODE_ENV=test: the bundles must still be production builds.
    expect(process.env.NODE_ENV).toBe('test');
    expect(await ensureClientBuild(outDir)).toBe(true);
    expect(await ensureClientBuild(outDir)).toBe(false);

    const assetsDir = path.join(outDir, 'assets');
    const scripts = readdirSync(assetsDir).filter((file) => file.endsWith('.js'));
    const code = scripts.map((file) => readFileSync(path.join(assetsDir, file), 'utf8')).join('\n');
    expect(code).not.toContain('jsxDEV');
    expect(code).not.toContain('validateDOMNesting');

    const assets = await loadClientAssets(outDir);
    expect(assets.loaderUrl).toMatch(/^\/assets\/loader-[\w-]+\.js$/);
    // The island's own chunk first, then the chunks it shares with other islands (the cart
    // store, React), each a hashed file under /assets/.
    const chunks = assets.chunksFor(['CartCount']);
    expect(chunks[0]).toMatch(/^\/assets\/CartCount-[\w-]+\.js$/);
    for (const chunk of chunks) expect(chunk).toMatch(/^\/assets\/[\w.-]+\.js$/);
    expect(new Set(chunks).size).toBe(chunks.length);
    expect(chunks).not.toContain(assets.loaderUrl);
    expect(assets.chunksFor([])).toEqual([]);
  });

  it('reports a missing build clearly', async () => {
    await expect(
      loadClientAssets(mkdtempSync(path.join(tmpdir(), 'vitrine-none-'))),
    ).rejects.toThrow(/No client build in .*: run `npm start` or `npm run build` first/);
  });
});
