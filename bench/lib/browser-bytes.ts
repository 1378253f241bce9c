/**
 * Whose JavaScript a page downloads. React and react-dom are bundled into the island loader's
 * chunk (and react/jsx-runtime into a chunk of its own), so no file name tells React's runtime
 * apart: each built file's source map (kept beside it in dist/client, never published) says
 * which source every stretch of generated code came from. A file's transferred bytes are split
 * between React's runtime, other libraries and Vitrine's own code in proportion to the gzipped
 * sizes of those stretches.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export type JsOwner = 'react' | 'library' | 'vitrine';
export const JS_OWNERS: readonly JsOwner[] = ['react', 'library', 'vitrine'];

export type OwnerShares = Readonly<Record<JsOwner, number>>;

export interface SourceMap {
  readonly sources: readonly string[];
  readonly mappings: string;
}

const REACT_RUNTIME = /(^|\/)node_modules\/(react|react-dom|scheduler)\//;
const LIBRARY = /(^|\/)node_modules\//;

/** React's runtime is react, react-dom and the scheduler they run on. */
export function ownerOfSource(source: string): JsOwner {
  if (REACT_RUNTIME.test(source)) return 'react';
  return LIBRARY.test(source) ? 'library' : 'vitrine';
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one mappings segment (base64 VLQ: 5 bits a digit, sign in the lowest bit). */
export function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`not a base64 VLQ digit: ${char}`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value % 2 === 1 ? -(value - 1) / 2 : value / 2);
    value = 0;
    shift = 0;
  }
  return values;
}

/**
 * The generated code cut by owner: each mapped stretch (from its segment to the next segment
 * on the line, or the line's end) goes to its source's owner; code no segment maps to (the
 * bundler's glue) counts as Vitrine's own.
 */
export function splitByOwner(code: string, map: SourceMap): Record<JsOwner, string> {
  const parts: Record<JsOwner, string[]> = { react: [], library: [], vitrine: [] };
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  // The source index is relative to the previous segment's across the whole file.
  let sourceIndex = 0;
  lines.forEach((line, lineNumber) => {
    const stretches: { column: number; owner: JsOwner }[] = [];
    let column = 0;
    for (const segment of (mappingLines[lineNumber] ?? '').split(',')) {
      if (segment === '') continue;
      const [columnDelta = 0, sourceDelta] = decodeVlq(segment);
      column += columnDelta;
      if (sourceDelta === undefined) {
        stretches.push({ column, owner: 'vitrine' });
        continue;
      }
      sourceIndex += sourceDelta;
      stretches.push({ column, owner: ownerOfSource(map.sources[sourceIndex] ?? '') });
    }
    const unmapped = line.slice(0, stretches[0]?.column ?? line.length);
    if (unmapped !== '') parts.vitrine.push(unmapped);
    stretches.forEach((stretch, i) => {
      parts[stretch.owner].push(line.slice(stretch.column, stretches[i + 1]?.column));
    });
  });
  return {
    react: parts.react.join('\n'),
    library: parts.library.join('\n'),
    vitrine: parts.vitrine.join('\n'),
  };
}

/** Each owner's part of the file's gzipped size, as fractions summing to 1. */
export function gzipShares(parts: Readonly<Record<JsOwner, string>>): OwnerShares {
  const sizes = JS_OWNERS.map((owner) =>
    parts[owner].trim() === '' ? 0 : gzipSync(parts[owner], { level: 9 }).length,
  );
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const share = (i: number) => (total === 0 ? (i === 2 ? 1 : 0) : (sizes[i] ?? 0) / total);
  return { react: share(0), library: share(1), vitrine: share(2) };
}

const ALL_VITRINE: OwnerShares = { react: 0, library: 0, vitrine: 1 };

/**
 * The owner shares of a built file served at `urlPath` (`/assets/…`), from its source map in
 * `distDir`. A chunk the bundler writes itself (its runtime) has no map and no source: Vitrine's
 * own. A missing file means the build changed under the benchmark, which must not pass as a
 * figure.
 */
export async function fileOwnerShares(distDir: string, urlPath: string): Promise<OwnerShares> {
  const file = path.join(distDir, path.normalize(urlPath).replace(/^[/\\]+/, ''));
  if (!file.startsWith(distDir + path.sep)) throw new Error(`${urlPath} is not a built file`);
  const code = await readFile(file, 'utf8');
  let rawMap: string;
  try {
    rawMap = await readFile(`${file}.map`, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ALL_VITRINE;
    throw error;
  }
  return gzipShares(splitByOwner(code, JSON.parse(rawMap) as SourceMap));
}
