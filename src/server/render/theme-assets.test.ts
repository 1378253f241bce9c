import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { themeAssetVersion } from './theme-assets.ts';

function assets(files: Record<string, string>): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'vitrine-theme-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(directory, name)), { recursive: true });
    writeFileSync(path.join(directory, name), content);
  }
  return directory;
}

describe('themeAssetVersion', () => {
  it('is 12 URL-safe letters and digits, the same for the same files', async () => {
    const files = { 'site.css': 'body{}', 'icons/a.svg': '<svg/>' };
    const version = await themeAssetVersion(assets(files));
    expect(version).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(await themeAssetVersion(assets(files))).toBe(version);
  });

  it('changes when a file changes, is added or is renamed', async () => {
    const base = await themeAssetVersion(assets({ 'site.css': 'body{}' }));
    expect(await themeAssetVersion(assets({ 'site.css': 'body{ }' }))).not.toBe(base);
    expect(await themeAssetVersion(assets({ 'site.css': 'body{}', 'x.svg': '' }))).not.toBe(base);
    expect(await themeAssetVersion(assets({ 'main.css': 'body{}' }))).not.toBe(base);
  });
});
