/**
 * Every installed package supports the oldest Node the project says it runs on (package.json
 * `engines`, the README): otherwise `npm install` warns EBADENGINE on a supported machine and the
 * package may use features that Node lacks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as unknown;

interface LockPackage {
  readonly version?: string;
  /** An object of ranges; a few old packages still carry the legacy array form. */
  readonly engines?: { readonly node?: string } | string[];
}

describe('dependency engines', () => {
  it('every package in the lock file supports the lowest Node version package.json names', () => {
    const { engines } = read('package.json') as { engines: { node: string } };
    const lowest = semver.minVersion(engines.node)?.version;
    expect(lowest).toBe('20.19.0');
    const { packages } = read('package-lock.json') as { packages: Record<string, LockPackage> };
    const unsupported = Object.entries(packages)
      .filter(([name]) => name !== '')
      .flatMap(([name, info]) => {
        const { engines: declared } = info;
        const range = declared === undefined || Array.isArray(declared) ? undefined : declared.node;
        return range && lowest && !semver.satisfies(lowest, range)
          ? [`${name}@${info.version ?? '?'} needs Node ${range}`]
          : [];
      });
    expect(unsupported).toEqual([]);
  });
});
