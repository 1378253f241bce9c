import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadClientAssets } from './client-assets.ts';

function build(manifest: Record<string, unknown>): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'vitrine-assets-'));
  mkdirSync(path.join(directory, '.vite'));
  writeFileSync(path.join(directory, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return directory;
}

describe('client assets', () => {
  it('reads each platform client with the chunks it imports, apart from the islands', async () => {
    const assets = await loadClientAssets(
      build({
        'src/islands/loader.ts': { file: 'assets/loader-1.js', name: 'loader' },
        'src/islands/cart-count/CartCount.tsx': {
          file: 'assets/CartCount-2.js',
          name: 'CartCount',
          imports: ['src/islands/loader.ts'],
        },
        _core: { file: 'assets/platform-core-3.js', name: 'platform-core' },
        'src/clients/analytics/index.ts': {
          file: 'assets/analytics-4.js',
          name: 'analytics',
          imports: ['_core'],
        },
        'src/clients/error-reporter/index.ts': {
          file: 'assets/error-reporter-5.js',
          name: 'error-reporter',
          imports: ['_core'],
        },
      }),
    );
    expect(assets.clients).toEqual({
      analytics: { url: '/assets/analytics-4.js', imports: ['/assets/platform-core-3.js'] },
      errorReporter: {
        url: '/assets/error-reporter-5.js',
        imports: ['/assets/platform-core-3.js'],
      },
    });
    expect(assets.chunksFor(['CartCount'])).toEqual(['/assets/CartCount-2.js']);
  });

  it('a build without the clients links none', async () => {
    const assets = await loadClientAssets(
      build({ 'src/islands/loader.ts': { file: 'assets/loader-1.js' } }),
    );
    expect(assets.clients).toEqual({});
  });
});
