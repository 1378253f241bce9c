/**
 * Test helpers have one naming scheme (test/README.md): next to the code in `testing/` folders,
 * across modules in test/helpers/, and no production file named like a test helper. Production
 * code never imports a helper, so none ships to a visitor's browser or runs in the server.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { textFilesBelow } from './testing/docs-citations.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCE = /\.(?:ts|tsx)$/;
const sources = ['src', 'bench', 'scripts']
  .flatMap((dir) => textFilesBelow(ROOT, dir))
  .filter((file) => SOURCE.test(file));

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const isHelper = (file: string) => file.split('/').includes('testing');

/** Relative imports of a file, resolved to paths from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1] ?? '')),
  );
}

describe('test helper names', () => {
  it('reads the source folders', () => {
    expect(sources.length).toBeGreaterThan(500);
    expect(sources.some(isHelper)).toBe(true);
  });

  it('names no file test-… unless it is a test', () => {
    const misnamed = sources.filter(
      (file) => path.posix.basename(file).startsWith('test-') && !isTest(file),
    );
    expect(misnamed).toEqual([]);
  });

  it('lets only tests and other helpers in src import from testing/ folders and test/helpers/', () => {
    // Benchmarks may use the test helpers (an app built as the tests build it).
    const leaks = sources
      .filter((file) => file.startsWith('src/') && !isTest(file) && !isHelper(file))
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => target.split('/').includes('testing') || target.startsWith('test/'))
          .map((target) => `${file} → ${target}`),
      );
    expect(leaks).toEqual([]);
  });
});
