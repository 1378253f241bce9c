/**
 * Builds the client bundles when their sources changed since the last build. The build is always
 * a minified production build with React's production runtime, whatever NODE_ENV the server runs
 * with: only `npm run dev` serves development bundles.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CLIENT_DIST_DIR } from '../render/client-assets.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCE_DIRS = ['src/islands', 'src/clients', 'src/shared'];
const SOURCE_FILES = ['vite.config.ts', 'package-lock.json'];
const STAMP_FILE = '.build-stamp';

async function listSources(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** A hash of every input of the client build: any edit makes the bundles stale. */
export async function clientSourceHash(): Promise<string> {
  const files = [
    ...(await Promise.all(SOURCE_DIRS.map(listSources))).flat(),
    ...SOURCE_FILES,
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(await readFile(path.join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

async function readStamp(outDir: string): Promise<string | undefined> {
  try {
    return (await readFile(path.join(outDir, STAMP_FILE), 'utf8')).trim();
  } catch {
    return undefined;
  }
}

export async function buildClient(
  outDir = CLIENT_DIST_DIR,
  mode: 'production' | 'development' = 'production',
): Promise<void> {
  // Vite is loaded only when a build is needed: serving never pays for it.
  const { build } = await import('vite');
  // A production build sets process.env.NODE_ENV=production when it is unset, and the server
  // started after it in the same process would then refuse to run without a SESSION_SECRET:
  // the environment is put back as the build found it.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({
      root: ROOT,
      configFile: path.join(ROOT, 'vite.config.ts'),
      mode,
      logLevel: 'warn',
      define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
      build: { outDir, minify: mode === 'production' },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

export interface EnsureBuildOptions {
  /** Called when the bundles are stale, before a build of tens of seconds starts. */
  readonly onBuildStart?: () => void;
}

/** Returns true when it had to build. */
export async function ensureClientBuild(
  outDir = CLIENT_DIST_DIR,
  options: EnsureBuildOptions = {},
): Promise<boolean> {
  const hash = await clientSourceHash();
  if ((await readStamp(outDir)) === hash) return false;
  options.onBuildStart?.();
  await buildClient(outDir);
  await writeFile(path.join(outDir, STAMP_FILE), `${hash}\n`);
  return true;
}
