// Nests the flat token stream into a tree: blocks, `.or` chains, `.alternates with`.
// Misplaced instructions are reported and dropped; unclosed blocks are reported
// and closed at the end of the template.
import type {
  AltNode,
  IfNode,
  MacroNode,
  Node,
  Pos,
  PredicateNode,
  RepeatedNode,
  SectionNode,
} from './ast.ts';
import { ErrorCode, makeError } from './errors.ts';
import type { TemplateError } from './plugins/types.ts';
import type { PredicateRef, Token } from './tokens.ts';

type Block = SectionNode | RepeatedNode | PredicateNode | IfNode | MacroNode;

interface Open {
  block: Block;
  /** The node whose alternative the next `.or` sets (the tail of the or-chain). */
  tail: Block | PredicateNode | null;
  /** Where the next child goes. */
  body: Node[];
  /** True once a plain `.or` was seen: nothing may follow but `.end`. */
  final: boolean;
  inAlternates: boolean;
}

const LABELS: Partial<Record<Token['t'], string>> = {
  or: 'OR',
  alternates: 'ALTERNATES_WITH',
  end: 'END',
};

/** An empty predicate block, opened by `{.name? args}` or chained by `{.or name? args}`. */
function predicateNode({ name, args }: PredicateRef, pos: Pos): PredicateNode {
  return { kind: 'predicate', name, args, body: [], alt: null, ...pos };
}

function describe(t: Token): string {
  return LABELS[t.t] ?? t.t.toUpperCase();
}

export function assemble(tokens: readonly Token[], errors: TemplateError[]): Node[] {
  const root: Node[] = [];
  const stack: Open[] = [];
  let body = root;

  const notAllowed = (t: Token): void => {
    const where =
      stack.length === 0
        ? 'at the root of the template'
        : `inside ${stack[stack.length - 1]?.block.kind ?? ''}`;
    errors.push(
      makeError(
        ErrorCode.NotAllowedHere,
        `${describe(t)} is not allowed ${where}`,
        t.line,
        t.column,
      ),
    );
  };

  const open = (block: Block): void => {
    const top = stack[stack.length - 1];
    if (top?.inAlternates === true && top.block.kind === 'repeated') {
      // As in the reference, `.alternates with` ends at a nested block: the block and all
      // that follows it belong to the section's body again.
      top.inAlternates = false;
      body = top.body = top.block.body;
    }
    body.push(block);
    stack.push({ block, tail: block, body: block.body, final: false, inAlternates: false });
    body = block.body;
  };

  for (const t of tokens) {
    const pos = { line: t.line, column: t.column };
    switch (t.t) {
      case 'text':
        body.push({ kind: 'text', text: t.text });
        break;
      case 'variable':
        body.push({ kind: 'variable', paths: t.paths, formatters: t.formatters, ...pos });
        break;
      case 'bindvar':
        body.push({
          kind: 'bindvar',
          name: t.name,
          paths: t.paths,
          formatters: t.formatters,
          ...pos,
        });
        break;
      case 'ctxvar':
        body.push({ kind: 'ctxvar', name: t.name, bindings: t.bindings, ...pos });
        break;
      case 'include':
        body.push({ kind: 'include', name: t.name, output: t.output, ...pos });
        break;
      case 'inject':
        body.push({ kind: 'inject', name: t.name, path: t.path, ...pos });
        break;
      case 'eval':
        body.push({ kind: 'eval', code: t.code, ...pos });
        break;
      case 'section':
        open({ kind: 'section', path: t.path, body: [], alt: null, ...pos });
        break;
      case 'repeated':
        open({ kind: 'repeated', path: t.path, body: [], alternates: null, alt: null, ...pos });
        break;
      case 'predicate':
        open(predicateNode(t.predicate, pos));
        break;
      case 'if':
        if (t.mixed) {
          errors.push(
            makeError(
              ErrorCode.IfMixedOperators,
              'IF cannot mix && and || operators',
              t.line,
              t.column,
            ),
          );
        }
        open({
          kind: 'if',
          op: t.op,
          paths: t.paths,
          predicate: t.predicate,
          body: [],
          alt: null,
          ...pos,
        });
        break;
      case 'macro':
        open({ kind: 'macro', name: t.name, body: [], ...pos });
        break;
      case 'alternates': {
        const top = stack[stack.length - 1];
        if (top?.block.kind !== 'repeated' || top.tail !== top.block || top.inAlternates) {
          notAllowed(t);
          break;
        }
        // A second `.alternates with` (after a nested block ended the first) adds to the same
        // separator, as in the reference: nothing written between elements is lost.
        top.block.alternates ??= [];
        top.inAlternates = true;
        body = top.body = top.block.alternates;
        break;
      }
      case 'or': {
        const top = stack[stack.length - 1];
        if (
          !top ||
          top.final ||
          top.block.kind === 'macro' ||
          top.tail === null ||
          top.tail.kind === 'macro'
        ) {
          notAllowed(t);
          break;
        }
        let alt: AltNode;
        if (t.predicate) {
          alt = predicateNode(t.predicate, pos);
        } else {
          alt = { kind: 'or', body: [], ...pos };
          top.final = true;
        }
        top.tail.alt = alt;
        top.tail = alt.kind === 'predicate' ? alt : null;
        top.inAlternates = false;
        body = top.body = alt.body;
        break;
      }
      case 'end': {
        if (stack.length === 0) {
          notAllowed(t);
          break;
        }
        stack.pop();
        body = stack.length === 0 ? root : (stack[stack.length - 1]?.body ?? root);
        break;
      }
    }
  }
  for (let i = stack.length - 1; i >= 0; i--) {
    const b = stack[i]?.block;
    if (!b) continue;
    const label = b.kind === 'repeated' ? 'REPEATED_SECTION' : b.kind.toUpperCase();
    errors.push(
      makeError(
        ErrorCode.EofInBlock,
        `Reached end of template inside ${label} block`,
        b.line,
        b.column,
      ),
    );
  }
  return root;
}
