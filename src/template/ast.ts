// The syntax tree the assembler produces and the compiler consumes.

/** A parsed variable reference: `@` alone is [], `a.b` is ['a','b'], `@.a` is ['@','a'] reduced to ['a'] on the current node. */
export interface Path {
  /** The source text, kept for error messages and the lint mode. */
  raw: string;
  /** True when the path starts at the current node (`@`, `@.x`) rather than searching outward. */
  current: boolean;
  /** Segments after the head; numeric segments index arrays. */
  segments: readonly string[];
}

export interface FormatterCall {
  name: string;
  args: readonly string[];
  line: number;
  column: number;
}

export interface Pos {
  line: number;
  column: number;
}

export interface TextNode {
  kind: 'text';
  text: string;
}

export interface VariableNode extends Pos {
  kind: 'variable';
  paths: readonly Path[];
  formatters: readonly FormatterCall[];
}

export interface SectionNode extends Pos {
  kind: 'section';
  path: Path;
  body: Node[];
  alt: AltNode | null;
}

export interface RepeatedNode extends Pos {
  kind: 'repeated';
  path: Path;
  body: Node[];
  alternates: Node[] | null;
  alt: AltNode | null;
}

export interface PredicateNode extends Pos {
  kind: 'predicate';
  name: string;
  args: readonly string[];
  body: Node[];
  alt: AltNode | null;
}

/** `{.if a && b}` / `{.if a || b}`, or `{.if pred? args}`. */
export interface IfNode extends Pos {
  kind: 'if';
  op: 'and' | 'or';
  paths: readonly Path[];
  predicate: { name: string; args: readonly string[] } | null;
  body: Node[];
  alt: AltNode | null;
}

/** A plain `{.or}`: the final alternative of a block. */
export interface OrNode extends Pos {
  kind: 'or';
  body: Node[];
}

export type AltNode = OrNode | PredicateNode;

export interface BindVarNode extends Pos {
  kind: 'bindvar';
  name: string;
  paths: readonly Path[];
  formatters: readonly FormatterCall[];
}

export interface CtxVarNode extends Pos {
  kind: 'ctxvar';
  name: string;
  bindings: readonly { key: string; path: Path }[];
}

export interface MacroNode extends Pos {
  kind: 'macro';
  name: string;
  body: Node[];
}

export interface IncludeNode extends Pos {
  kind: 'include';
  name: string;
  output: boolean;
}

export interface InjectNode extends Pos {
  kind: 'inject';
  name: string;
  path: string;
}

export interface EvalNode extends Pos {
  kind: 'eval';
  code: string;
}

export type Node =
  | TextNode
  | VariableNode
  | SectionNode
  | RepeatedNode
  | PredicateNode
  | IfNode
  | OrNode
  | BindVarNode
  | CtxVarNode
  | MacroNode
  | IncludeNode
  | InjectNode
  | EvalNode;
