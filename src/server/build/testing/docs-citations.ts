/**
 * Finds the citations in the project's files: links into docs/ (`docs/behaviour/cart.md#cart-calls`)
 * that must lead to an existing heading, and references to specification files that are not in
 * this repository (which someone who clones it could not follow). Used by ../docs-citations.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown file's headings make, with GitHub's -1, -2 … for repeated headings. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const slug = headingSlug(heading[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

export interface DocCitation {
  readonly file: string;
  readonly line: number;
  /** The cited document, relative to the repository root (`docs/behaviour/cart.md`). */
  readonly doc: string;
  readonly anchor: string | null;
}

const DOC_LINK = /docs\/[\w./-]*?[\w-]+\.md(?:#[\w-]+)?/g;

/** The `docs/….md#anchor` citations in one file's text. */
export function docCitations(file: string, text: string): DocCitation[] {
  return text.split('\n').flatMap((line, index) =>
    [...line.matchAll(DOC_LINK)].map((match) => {
      const [doc = '', anchor] = match[0].split('#');
      return { file, line: index + 1, doc, anchor: anchor ?? null };
    }),
  );
}

/** Names of specification files kept outside the repository, and their numbered sections. */
const OUTSIDE_SPEC = /\b(?:DESIGN|platform|storefront)\.md\b|\bDESIGN §|§\s*\d/i;

/** Lines (1-based) that cite a specification outside the repository. */
export function outsideSpecCitations(text: string): number[] {
  return text.split('\n').flatMap((line, index) => (OUTSIDE_SPEC.test(line) ? [index + 1] : []));
}

const TEXT_FILE = /\.(?:ts|tsx|js|mjs|cjs|md|css|jsont|html|json|sql|ya?ml|txt)$/;

/** Every text file below `dir` (relative to `root`), skipping dependencies and build output. */
export function textFilesBelow(root: string, dir: string): string[] {
  const entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'node_modules' || entry.name === 'dist'
        ? []
        : textFilesBelow(root, relative);
    }
    return TEXT_FILE.test(entry.name) ? [relative] : [];
  });
}

/** A citation whose document or heading does not exist, as `file:line → doc#anchor`. */
export function brokenCitations(root: string, citations: readonly DocCitation[]): string[] {
  const anchorsOf = new Map<string, Set<string> | null>();
  const anchors = (doc: string): Set<string> | null => {
    if (!anchorsOf.has(doc)) {
      let found: Set<string> | null;
      try {
        found = headingAnchors(readFileSync(path.join(root, doc), 'utf8'));
      } catch {
        found = null;
      }
      anchorsOf.set(doc, found);
    }
    return anchorsOf.get(doc) ?? null;
  };
  return citations.flatMap((c) => {
    const known = anchors(c.doc);
    const ok = known !== null && (c.anchor === null || known.has(c.anchor));
    return ok ? [] : [`${c.file}:${c.line} → ${c.doc}${c.anchor ? `#${c.anchor}` : ''}`];
  });
}
