/**
 * Size budgets of the platform clients (issue #10), measured on a fresh production build: the
 * gzipped bytes a page downloads for each client, its entry plus every chunk it imports
 * statically. Analytics ≤ 3 KB and the error reporter ≤ 2 KB; the page-speed collector ≤ 5 KB
 * including web-vitals. The analytics' commerce events, linked after it on commerce and search
 * pages only, are held to 2 KB beyond what the analytics already loaded. The promotional popup
 * island, on every page a site's popup covers, keeps its own chunk under 2 KB and leaves its
 * sign-up form to a dynamic import, so a page's first load does not carry the form. The script
 * starter, the only script a page fetches before its first paint, stays one file of ≤ 0.5 KB.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../build/client-build.ts';
import { loadClientAssets, type ClientAssets, type ClientScript } from './client-assets.ts';

const KB = 1024;
let outDir: string;
let assets: ClientAssets;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'vitrine-budgets-'));
  await buildClient(outDir);
  assets = await loadClientAssets(outDir);
}, 120_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

function gzipped(url: string): number {
  return gzipSync(readFileSync(path.join(outDir, url)), { level: 9 }).length;
}

function downloadSize(client: ClientScript | undefined): number {
  if (!client) throw new Error('the client is missing from the build');
  return [client.url, ...client.imports].reduce((sum, url) => sum + gzipped(url), 0);
}

describe('platform client budgets (gzipped, entry plus static imports)', () => {
  it('visitor analytics ≤ 3 KB', () => {
    expect(downloadSize(assets.clients?.analytics)).toBeLessThanOrEqual(3 * KB);
  });

  it('error reporter ≤ 2 KB', () => {
    expect(downloadSize(assets.clients?.errorReporter)).toBeLessThanOrEqual(2 * KB);
  });

  it('page-speed collector ≤ 5 KB including web-vitals', () => {
    const collector = assets.clients?.pageSpeed;
    const code = [collector?.url ?? '', ...(collector?.imports ?? [])]
      .map((url) => readFileSync(path.join(outDir, url), 'utf8'))
      .join('\n');
    // web-vitals is bundled in, not fetched from elsewhere: its INP thresholds are in the code.
    expect(code).toContain('200,500');
    expect(downloadSize(collector)).toBeLessThanOrEqual(5 * KB);
  });

  it('promotional popup island ≤ 2 KB of its own, its sign-up form not among its chunks', () => {
    const chunks = assets.chunksFor(['PromoPopup']);
    // The page form arrives by a dynamic import when the popup opens, not with the page.
    expect(chunks.filter((url) => url.startsWith('/assets/PageForm-'))).toEqual([]);
    const own = chunks.filter((url) => url.startsWith('/assets/PromoPopup-'));
    expect(own).toHaveLength(1);
    expect(gzipped(own[0] ?? '')).toBeLessThanOrEqual(2 * KB);
  });

  it('commerce events ≤ 2 KB beyond the analytics they run with', () => {
    const analytics = assets.clients?.analytics;
    const commerce = assets.clients?.analyticsCommerce;
    if (!analytics || !commerce) throw new Error('a client is missing from the build');
    const loaded = new Set([analytics.url, ...analytics.imports]);
    const extra = [commerce.url, ...commerce.imports].filter((url) => !loaded.has(url));
    expect(extra.reduce((sum, url) => sum + gzipped(url), 0)).toBeLessThanOrEqual(2 * KB);
  });

  // 0.5 KB before its bounded wait for the main image and its start on the first interaction.
  it('script starter ≤ 0.6 KB in one file: the only script fetched before the first paint', () => {
    const starter = assets.clients?.scriptStart;
    expect(starter?.imports).toEqual([]);
    expect(downloadSize(starter)).toBeLessThanOrEqual(0.6 * KB);
  });

  it('checkout totals script ≤ 4.5 KB, money formatting and currencies included, no React', () => {
    const script = assets.clients?.checkoutTotals;
    if (!script) throw new Error('the checkout totals script is missing from the build');
    const code = [script.url, ...script.imports]
      .map((url) => readFileSync(path.join(outDir, url), 'utf8'))
      .join('\n');
    expect(code).toContain('/api/vitrine/checkout/quote');
    expect(code).not.toContain('react.production');
    expect(downloadSize(script)).toBeLessThanOrEqual(4.5 * KB);
  });
});
