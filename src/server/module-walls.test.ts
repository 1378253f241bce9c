/**
 * The walls between server modules (docs/adr/012-server-modules-and-composition-root.md):
 * no two modules import each other, and the lint rule refuses a deep import into another
 * module's internal file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const MODULES = path.join(import.meta.dirname, 'modules');
const IMPORT = /(?:from|import\()\s*['"](\.[^'"]+)['"]/g;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Which modules each module imports (by relative import into modules/<other>/). */
function moduleEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const name of readdirSync(MODULES, { withFileTypes: true })) {
    if (!name.isDirectory()) continue;
    const targets = new Set<string>();
    for (const file of sourceFiles(path.join(MODULES, name.name))) {
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = path.relative(MODULES, path.resolve(path.dirname(file), match[1] ?? ''));
        const other = target.split(path.sep)[0];
        if (other && !other.startsWith('..') && other !== name.name) targets.add(other);
      }
    }
    edges.set(name.name, targets);
  }
  return edges;
}

describe('server module walls', () => {
  it('has no pair of modules importing each other', () => {
    const edges = moduleEdges();
    const mutual = [...edges].flatMap(([from, targets]) =>
      [...targets]
        .filter((to) => from < to && edges.get(to)?.has(from))
        .map((to) => `${from} <-> ${to}`),
    );
    expect(edges.size).toBeGreaterThan(20);
    expect(mutual).toEqual([]);
  });

  it('lint refuses an import of another module internal file, and accepts its front door', async () => {
    // The project's own configuration, with only the rule under test and no type information:
    // building the TypeScript program for a typed lint is the slow part and is not needed here.
    const eslint = new ESLint({
      cwd: path.resolve(import.meta.dirname, '../..'),
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
      overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    });
    const filePath = path.join(MODULES, 'orders', 'place-order.ts');
    const [deep] = await eslint.lintText(
      "export { clearCartCookies } from '../cart/cart-cookies.ts';\n",
      { filePath },
    );
    expect(deep?.messages.map((message) => message.ruleId)).toContain('no-restricted-imports');
    expect(deep?.messages.find((m) => m.ruleId === 'no-restricted-imports')?.message).toMatch(
      /front door/,
    );
    const [door] = await eslint.lintText("export { clearCartCookies } from '../cart/index.ts';\n", {
      filePath,
    });
    expect(door?.messages.filter((m) => m.ruleId === 'no-restricted-imports')).toEqual([]);
  });
});
