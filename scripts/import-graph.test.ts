import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildImportGraph, describeImportLoops, importLoops, loopPath } from './import-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const TSCONFIG = path.join(ROOT, 'tsconfig.json');

const fixtures = mkdtempSync(path.join(tmpdir(), 'import-graph-'));
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

/** Writes a small tree of files (path → text) in a fresh folder and returns the folder. */
function tree(name: string, files: Record<string, string>): string {
  const dir = path.join(fixtures, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('import graph', () => {
  it('finds no loop in a tree whose imports all point one way', () => {
    const dir = tree('one-way', {
      'a.ts': "import { b } from './b.ts';\nexport const a = b;",
      'b.ts': "import { c } from './lib/index.ts';\nexport const b = c;",
      'lib/index.ts': "import { readFileSync } from 'node:fs';\nexport const c = readFileSync;",
    });
    expect(describeImportLoops(dir, TSCONFIG, dir)).toEqual([]);
  });

  it('follows every kind of import: type-only, re-export, lazy import() and a folder index', () => {
    const dir = tree('kinds', {
      'page.ts': "import type { Deps } from './routes';\nexport const page = (d: Deps) => d;",
      'routes.ts':
        "export { page } from './page.ts';\nexport type Deps = number;\nexport const lazy = () => import('./island/index.tsx');",
      'island/index.tsx': "import '../shared';\nexport const island = 1;",
      'shared/index.ts': "export * from '../routes.ts';",
    });
    const graph = buildImportGraph(dir, TSCONFIG);
    const at = (file: string) => path.join(dir, file);
    expect(graph.get(at('page.ts'))).toEqual([at('routes.ts')]);
    expect(graph.get(at('routes.ts'))).toEqual([at('island/index.tsx'), at('page.ts')]);
    expect(graph.get(at('island/index.tsx'))).toEqual([at('shared/index.ts')]);
    expect(importLoops(graph)).toEqual([
      [at('island/index.tsx'), at('page.ts'), at('routes.ts'), at('shared/index.ts')],
    ]);
  });

  it('names each loop once with one way round it, and a file importing itself', () => {
    const dir = tree('loops', {
      'a.ts': "import './b.ts';",
      'b.ts': "import './c.ts';\nimport './a.ts';",
      'c.ts': "import './a.ts';",
      'self.ts': "export * from './self.ts';",
      'free.ts': "import './a.ts';",
    });
    expect(describeImportLoops(dir, TSCONFIG, dir)).toEqual([
      'a.ts → b.ts → a.ts (3 files in the loop)',
      'self.ts → self.ts (1 file in the loop)',
    ]);
  });

  it('walks one shortest way round a loop from its first file', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', ['e']],
      ['e', ['a']],
    ]);
    expect(importLoops(graph)).toEqual([['a', 'b', 'c', 'd', 'e']]);
    expect(loopPath(graph, ['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c', 'a']);
  });
});

describe('src/', () => {
  // A loop ties its files' load order and design together; the page engine, the schema barrel
  // and the island registry each had one. Break a new one by moving the shared piece down.
  // Reading and resolving every file of src/ is bounded work that a loaded machine does slowly.
  it('has no import loop', { timeout: 180_000 }, () => {
    expect(describeImportLoops(path.join(ROOT, 'src'), TSCONFIG, ROOT)).toEqual([]);
  });
});
