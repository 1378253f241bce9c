/**
 * Code comments cite the project's own docs (docs/behaviour/<area>.md#<heading>), never the
 * specification files kept outside the repository: every citation must lead somewhere a person
 * who clones the repository can read.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  brokenCitations,
  docCitations,
  headingAnchors,
  headingSlug,
  outsideSpecCitations,
  textFilesBelow,
} from './testing/docs-citations.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CODE_DIRS = ['src', 'test', 'bench', 'scripts'];
const codeFiles = CODE_DIRS.flatMap((dir) => textFilesBelow(ROOT, dir)).filter(
  // This test and its helper name the outside files on purpose, to find them.
  (file) => !file.includes('docs-citations'),
);
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('headingSlug and headingAnchors', () => {
  it('make the anchors GitHub makes', () => {
    expect(headingSlug('Content, access and search')).toBe('content-access-and-search');
    expect(headingSlug('The add-to-cart button')).toBe('the-add-to-cart-button');
    expect(headingSlug('Sessions and CSRF tokens')).toBe('sessions-and-csrf-tokens');
    const md = '# Title\n## Limits\n```\n## not a heading\n```\n### Limits\n';
    expect([...headingAnchors(md)]).toEqual(['title', 'limits', 'limits-1']);
  });
});

describe('finding citations', () => {
  it('finds the outside specification files and their numbered sections', () => {
    // Built from parts, so that a search of the repository for those file names finds none.
    const outside = (name: string) => `${name}.md`;
    const text = [
      `// Quantity rules (${outside('storefront')} §5)`,
      '// fine: docs/behaviour/cart.md#quantity-input',
      '/** Redirects (DESIGN §4). */',
      ' * the lightbox (§9) ',
      `# see ${outside('Platform').toUpperCase()}`,
    ].join('\n');
    expect(outsideSpecCitations(text)).toEqual([1, 3, 4, 5]);
  });

  it('reports a citation of a missing heading or a missing page', () => {
    const citations = docCitations(
      'x.ts',
      '// docs/behaviour/cart.md#cart-calls and docs/behaviour/cart.md#no-such-heading\n' +
        '// docs/behaviour/nowhere.md and docs/errors.md',
    );
    expect(citations.map((c) => `${c.doc}#${c.anchor ?? ''}`)).toEqual([
      'docs/behaviour/cart.md#cart-calls',
      'docs/behaviour/cart.md#no-such-heading',
      'docs/behaviour/nowhere.md#',
      'docs/errors.md#',
    ]);
    expect(brokenCitations(ROOT, citations)).toEqual([
      'x.ts:1 → docs/behaviour/cart.md#no-such-heading',
      'x.ts:2 → docs/behaviour/nowhere.md',
    ]);
  });
});

describe('citations in the repository', () => {
  it('reads the code folders', () => {
    expect(codeFiles.length).toBeGreaterThan(500);
    expect(codeFiles).toContain('src/shared/errors.ts');
  });

  it('no file in src, test, bench or scripts cites a specification outside the repository', () => {
    const found = codeFiles.flatMap((file) =>
      outsideSpecCitations(read(file)).map((line) => `${file}:${line}`),
    );
    expect(found).toEqual([]);
  });

  it('every docs/… citation in the code leads to an existing page and heading', () => {
    const citations = codeFiles.flatMap((file) => docCitations(file, read(file)));
    expect(citations.length).toBeGreaterThan(300);
    expect(brokenCitations(ROOT, citations)).toEqual([]);
  });

  it('every link between the docs pages leads to an existing page and heading', () => {
    const pages = textFilesBelow(ROOT, 'docs').filter((file) => file.endsWith('.md'));
    const broken = pages.flatMap((page) => {
      const links = [...read(page).matchAll(/\]\(([\w./-]+\.md)(?:#([\w-]+))?\)/g)];
      const citations = links.map((link) => ({
        file: page,
        line: 0,
        doc: path.posix.normalize(path.posix.join(path.posix.dirname(page), link[1] ?? '')),
        anchor: link[2] ?? null,
      }));
      return brokenCitations(ROOT, citations);
    });
    expect(broken).toEqual([]);
  });
});
