// Flat instruction tokens produced by the scanner, before the assembler nests them.
import type { FormatterCall, Path } from './ast.ts';

export interface PredicateRef {
  name: string;
  args: readonly string[];
}

export type TokenBody =
  | { t: 'text'; text: string }
  | { t: 'variable'; paths: readonly Path[]; formatters: readonly FormatterCall[] }
  | { t: 'section'; path: Path }
  | { t: 'repeated'; path: Path }
  | { t: 'alternates' }
  | { t: 'or'; predicate: PredicateRef | null }
  | { t: 'end' }
  | { t: 'predicate'; predicate: PredicateRef }
  | {
      t: 'if';
      op: 'and' | 'or';
      paths: readonly Path[];
      predicate: PredicateRef | null;
      mixed: boolean;
    }
  | { t: 'bindvar'; name: string; paths: readonly Path[]; formatters: readonly FormatterCall[] }
  | { t: 'ctxvar'; name: string; bindings: readonly { key: string; path: Path }[] }
  | { t: 'macro'; name: string }
  | { t: 'include'; name: string; output: boolean }
  | { t: 'inject'; name: string; path: string }
  | { t: 'eval'; code: string };

export type Token = TokenBody & { line: number; column: number };
