/**
 * The theme's static assets (CSS, icons) under a versioned path: `/theme/<hash>/site.css`, where
 * the hash covers every asset file, so a changed file gets a new URL and the versioned URLs can
 * be cached for a year as immutable. The unversioned `/theme/…` path stays for links written by
 * hand, cached for an hour.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const THEME_ASSET_PREFIX = '/theme';
const VERSION_LENGTH = 12;

async function assetFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** A content hash of the asset directory: names and bytes of every file. */
export async function themeAssetVersion(directory: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await assetFiles(directory)) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(directory, file)));
    hash.update('\0');
  }
  return hash.digest('base64url').slice(0, VERSION_LENGTH).replace(/[-_]/g, '0');
}

/** Serves the assets and answers the root templates link them from (`theme.assetRoot`). */
export async function registerThemeAssets(
  app: FastifyInstance,
  directory: string,
): Promise<string> {
  const version = await themeAssetVersion(directory);
  const assetRoot = `${THEME_ASSET_PREFIX}/${version}`;
  await app.register(fastifyStatic, {
    root: directory,
    prefix: `${assetRoot}/`,
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
  });
  await app.register(fastifyStatic, {
    root: directory,
    prefix: `${THEME_ASSET_PREFIX}/`,
    decorateReply: false,
    maxAge: '1h',
  });
  return assetRoot;
}
