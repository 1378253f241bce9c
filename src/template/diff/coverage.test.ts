/**
 * The engine's registry against the reference's: every formatter and predicate name on one
 * side only must be a row of the "Registry differences" table of docs/adr/002, with a
 * reason, and every row must still be a real difference. Every deliberate deviation the
 * diff harness uses to explain a difference is a row of the "Differences from the reference
 * engine" table, and every row of that table has its stand-in.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { namesDiff } from './coverage.ts';
import { DEVIATIONS } from './deviations.ts';
import { referenceFormatterNames, referencePredicateNames } from './reference.ts';

const adrPath = fileURLToPath(
  new URL('../../../docs/adr/002-jsont-engine-golden-deviations.md', import.meta.url),
);

/** Rows like "| `name` | formatter | missing | reason |" of the ADR's registry table. */
function registryRows(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of readFileSync(adrPath, 'utf8').split('\n')) {
    const m =
      /^\|\s*`([^`]+)`\s*\|\s*(formatter|predicate)\s*\|\s*(missing|extra)\s*\|\s*(.+?)\s*\|\s*$/.exec(
        line,
      );
    if (m) rows.set(`${m[2]} ${m[3]} ${m[1]}`, m[4] ?? '');
  }
  return rows;
}

describe('registered names against the reference registry', () => {
  const diff = namesDiff({
    formatters: referenceFormatterNames,
    predicates: referencePredicateNames,
  });
  const actual = [
    ...diff.formatters.missing.map((n) => `formatter missing ${n}`),
    ...diff.formatters.extra.map((n) => `formatter extra ${n}`),
    ...diff.predicates.missing.map((n) => `predicate missing ${n}`),
    ...diff.predicates.extra.map((n) => `predicate extra ${n}`),
  ].sort();
  const rows = registryRows();

  it('differ only by the names docs/adr/002 lists, each with a reason', () => {
    expect(actual).toEqual([...rows.keys()].sort());
    for (const [name, reason] of rows) expect(reason.length, name).toBeGreaterThan(15);
  });

  it('reads a reference registry of the expected size (the reference is really loaded)', () => {
    expect(referenceFormatterNames.length).toBeGreaterThan(80);
    expect(referencePredicateNames.length).toBeGreaterThan(80);
    expect(referenceFormatterNames).toContain('product-status');
    expect(referencePredicateNames).toContain('index?');
  });
});

/** The first cell of each row of the "Differences from the reference engine" table. */
function deviationRows(): Map<string, string> {
  const text = readFileSync(adrPath, 'utf8');
  const start = text.indexOf('## Differences from the reference engine');
  const end = text.indexOf('### Registry differences');
  const rows = new Map<string, string>();
  for (const line of text.slice(start, end).split('\n')) {
    const m = /^\|\s*`([^`]+)`\s*\|\s*(.+?)\s*\|\s*(.+?)\s*\|\s*$/.exec(line);
    if (m?.[1] !== undefined) rows.set(m[1], m[3] ?? '');
  }
  return rows;
}

describe('deliberate deviations from the reference engine', () => {
  it('are the rows of docs/adr/002, each with a reason', () => {
    const rows = deviationRows();
    expect(DEVIATIONS.map((d) => d.id).sort()).toEqual([...rows.keys()].sort());
    for (const [id, reason] of rows) expect(reason.length, id).toBeGreaterThan(40);
  });
});
