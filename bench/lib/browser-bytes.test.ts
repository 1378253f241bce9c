import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeVlq,
  fileOwnerShares,
  gzipShares,
  ownerOfSource,
  splitByOwner,
} from './browser-bytes.ts';

describe('ownerOfSource', () => {
  it("counts react, react-dom and the scheduler as React's runtime", () => {
    expect(ownerOfSource('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe(
      'react',
    );
    expect(ownerOfSource('../../node_modules/react/cjs/react-jsx-runtime.production.js')).toBe(
      'react',
    );
    expect(ownerOfSource('../../node_modules/scheduler/cjs/scheduler.production.js')).toBe('react');
  });

  it('counts other packages as libraries and the rest as Vitrine', () => {
    expect(ownerOfSource('../../node_modules/zod/v4/core/schemas.js')).toBe('library');
    expect(ownerOfSource('../../node_modules/react-is/index.js')).toBe('library');
    expect(ownerOfSource('../../src/islands/loader.ts')).toBe('vitrine');
  });
});

describe('decodeVlq', () => {
  it('reads signed values and multi-digit values', () => {
    expect(decodeVlq('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeVlq('KCD')).toEqual([5, 1, -1]);
    expect(decodeVlq('gB')).toEqual([16]);
    expect(decodeVlq('AAgBC')).toEqual([0, 0, 16, 1]);
  });

  it('refuses characters that are not base64', () => {
    expect(() => decodeVlq('A!')).toThrow(/base64/);
  });
});

describe('splitByOwner', () => {
  const map = {
    sources: ['../../node_modules/react-dom/index.js', '../../src/islands/loader.ts'],
    // Line 1: react-dom from column 0, the loader from column 5. Line 2: glue (no source) at
    // column 0, then the loader again (the source index carries over from line 1), then
    // react-dom from column 6 (index delta -1).
    mappings: 'AAAA,KCAA;A,EAAA,IDAA',
  };

  it('gives each mapped stretch to its source owner and unmapped code to Vitrine', () => {
    const parts = splitByOwner('reactOWN1\nglOWN2re', map);
    expect(parts.react).toBe('react\nre');
    expect(parts.vitrine).toBe('OWN1\ngl\nOWN2');
    expect(parts.library).toBe('');
  });

  it('gives lines without mappings to Vitrine', () => {
    expect(splitByOwner('a\nb', { sources: [], mappings: '' }).vitrine).toBe('a\nb');
  });
});

describe('gzipShares', () => {
  it('splits by gzipped size and sums to 1', () => {
    const react = 'function hydrate(){return 1}'.repeat(20);
    const vitrine = Array.from({ length: 200 }, (_, i) => `v${i * 7919}`).join(';');
    const shares = gzipShares({ react, library: '', vitrine });
    const reactSize = gzipSync(react, { level: 9 }).length;
    const vitrineSize = gzipSync(vitrine, { level: 9 }).length;
    expect(shares.react).toBeCloseTo(reactSize / (reactSize + vitrineSize));
    expect(shares.library).toBe(0);
    expect(shares.react + shares.library + shares.vitrine).toBeCloseTo(1);
  });

  it('gives an empty file to Vitrine', () => {
    expect(gzipShares({ react: '', library: '', vitrine: '' })).toEqual({
      react: 0,
      library: 0,
      vitrine: 1,
    });
  });
});

describe('fileOwnerShares', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'vitrine-browser-bytes-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'assets/react.js'), 'createRoot();hydrateRoot();');
    await writeFile(
      path.join(dist, 'assets/react.js.map'),
      JSON.stringify({ sources: ['../../node_modules/react-dom/client.js'], mappings: 'AAAA' }),
    );
    await writeFile(path.join(dist, 'assets/runtime.js'), 'export{}');
  });
  afterAll(async () => {
    await rm(dist, { recursive: true, force: true });
  });

  it('reads the owners from the source map beside the file', async () => {
    expect(await fileOwnerShares(dist, '/assets/react.js')).toEqual({
      react: 1,
      library: 0,
      vitrine: 0,
    });
  });

  it("counts a chunk without a map (the bundler's runtime) as Vitrine's", async () => {
    expect(await fileOwnerShares(dist, '/assets/runtime.js')).toEqual({
      react: 0,
      library: 0,
      vitrine: 1,
    });
  });

  it('fails for a file the build does not hold, or one outside it', async () => {
    await expect(fileOwnerShares(dist, '/assets/gone.js')).rejects.toThrow(/ENOENT/);
    await expect(fileOwnerShares(dist, 'assets/../../outside.js')).rejects.toThrow(
      /not a built file/,
    );
  });
});
