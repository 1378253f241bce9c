/**
 * The owner dashboard's built bundle as the server sees it: its entry script and stylesheet,
 * read from the admin build's own manifest (vite.admin.config.ts writes it beside the storefront
 * build, in an `admin/` folder the storefront's static route never serves).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** The admin build's source entry, as its manifest names it. */
export const ADMIN_ENTRY = 'src/admin/main.tsx';
/** Where the admin bundles are served; the build's `base` is /config/. */
export const ADMIN_ASSETS_PREFIX = '/config/assets/';

export interface AdminAssets {
  /** The folder holding the admin build's hashed files. */
  readonly directory: string;
  readonly scriptUrl: string;
  readonly stylesheetUrls: readonly string[];
}

const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), css: z.array(z.string()).optional() }),
);

/** The admin build inside the client build folder; undefined when it was not built. */
export async function loadAdminAssets(clientDirectory: string): Promise<AdminAssets | undefined> {
  const root = path.join(clientDirectory, 'admin');
  let raw: string;
  try {
    raw = await readFile(path.join(root, '.vite/manifest.json'), 'utf8');
  } catch {
    return undefined;
  }
  const entry = manifestSchema.parse(JSON.parse(raw))[ADMIN_ENTRY];
  if (!entry) return undefined;
  const url = (file: string) => `/config/${file}`;
  return {
    directory: path.join(root, 'assets'),
    scriptUrl: url(entry.file),
    stylesheetUrls: (entry.css ?? []).map(url),
  };
}
