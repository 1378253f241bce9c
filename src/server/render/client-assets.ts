/**
 * The built client bundles as the server sees them: the loader's URL, the chunk of each island
 * (so a page preloads only what its islands use), the platform clients (analytics, error
 * reporter, page-speed collector) with the shared chunks they import, and the static route that
 * serves them with year-long immutable caching (file names carry content hashes).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { IslandName } from '../../islands/registry.ts';

export const CLIENT_DIST_DIR = path.resolve(import.meta.dirname, '../../../dist/client');
const LOADER_SOURCE = 'src/islands/loader.ts';

/** The platform clients, each a Vite entry of its own (vite.config.ts). */
export const CLIENT_SOURCES = {
  analytics: 'src/clients/analytics/index.ts',
  analyticsCommerce: 'src/clients/analytics/commerce-entry.ts',
  errorReporter: 'src/clients/error-reporter/index.ts',
  pageSpeed: 'src/clients/page-speed/index.ts',
  /** What a page links: it fetches the collector (pageSpeed) after the load event. */
  pageSpeedAfterLoad: 'src/clients/page-speed/after-load.ts',
  checkoutTotals: 'src/clients/checkout-totals/index.ts',
  /** The one script a page links directly: it starts the others after the first paint. */
  scriptStart: 'src/clients/script-start/index.ts',
} as const;
export type PlatformClient = keyof typeof CLIENT_SOURCES;

/** A client's entry and the chunks it imports statically (to preload beside it). */
export interface ClientScript {
  readonly url: string;
  readonly imports: readonly string[];
}

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    name: z.string().optional(),
    imports: z.array(z.string()).optional(),
  }),
);

export interface ClientAssets {
  readonly directory: string;
  /** Public URL of the hydration loader. */
  readonly loaderUrl: string;
  /**
   * The chunks the loader imports statically (the bundler's runtime, its preload helper): linked
   * beside it, so they are not discovered only once its 68 KB have arrived.
   */
  readonly loaderImports?: readonly string[];
  /** Public URLs to preload for the given islands (their chunks and shared imports). */
  chunksFor(islands: Iterable<IslandName>): string[];
  /** The built platform clients; one missing from the build is not linked. */
  readonly clients?: Partial<Record<PlatformClient, ClientScript>>;
}

export class MissingClientBuildError extends Error {
  constructor(directory: string) {
    super(`No client build in ${directory}: run \`npm start\` or \`npm run build\` first.`);
    this.name = 'MissingClientBuildError';
  }
}

export async function loadClientAssets(directory = CLIENT_DIST_DIR): Promise<ClientAssets> {
  let raw: string;
  try {
    raw = await readFile(path.join(directory, '.vite/manifest.json'), 'utf8');
  } catch {
    throw new MissingClientBuildError(directory);
  }
  const manifest = manifestSchema.parse(JSON.parse(raw));
  const url = (file: string) => `/${file}`;
  const loader = manifest[LOADER_SOURCE];
  if (!loader) throw new MissingClientBuildError(directory);
  const clientSources = new Set<string>(Object.values(CLIENT_SOURCES));
  const clients: Partial<Record<PlatformClient, ClientScript>> = {};
  for (const [client, source] of Object.entries(CLIENT_SOURCES) as [PlatformClient, string][]) {
    const entry = manifest[source];
    if (!entry) continue;
    const imports = (entry.imports ?? []).flatMap((imported) =>
      manifest[imported] ? [url(manifest[imported].file)] : [],
    );
    clients[client] = { url: url(entry.file), imports };
  }
  const chunkByIsland = new Map<string, string[]>();
  for (const [source, entry] of Object.entries(manifest)) {
    if (source === LOADER_SOURCE || clientSources.has(source) || !entry.name) continue;
    const shared = (entry.imports ?? [])
      .filter((imported) => imported !== LOADER_SOURCE)
      .flatMap((imported) => (manifest[imported] ? [url(manifest[imported].file)] : []));
    chunkByIsland.set(entry.name, [url(entry.file), ...shared]);
  }
  return {
    directory,
    loaderUrl: url(loader.file),
    loaderImports: (loader.imports ?? []).flatMap((imported) =>
      manifest[imported] ? [url(manifest[imported].file)] : [],
    ),
    clients,
    chunksFor(islands) {
      const urls = new Set<string>();
      for (const island of islands)
        for (const chunk of chunkByIsland.get(island) ?? []) urls.add(chunk);
      return [...urls];
    },
  };
}

export async function registerAssetRoutes(
  app: FastifyInstance,
  assets: ClientAssets,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.join(assets.directory, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    // Source maps stay on the server's disk for error reports; they are not published.
    allowedPath: (pathname) => !pathname.endsWith('.map'),
  });
}
