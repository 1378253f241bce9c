// Compiles the syntax tree into JavaScript closures once; rendering walks no tree
// and parses nothing.
import type { AltNode, Node } from './ast.ts';
import { BudgetExceeded } from './budgets.ts';
import {
  callPure as importedCallPure,
  compileDirectApply,
  compileValue,
  pureCall,
  type CompileContext,
} from './compile-value.ts';
import { ErrorCode, makeError } from './errors.ts';
import { compileEval } from './eval/compile-eval.ts';
import type { Predicate } from './plugins/types.ts';
import { compilePath, compileSectionPath } from './scope.ts';
import { FormatterAbort, Frame as ImportedFrame, type Exec, type RenderState } from './state.ts';
import { isTruthy as importedIsTruthy, toOutput as importedToOutput } from './values.ts';

// Hot helpers bound once: transpiled (CommonJS) imports are a property read per call.
const Frame = ImportedFrame;
const isTruthy = importedIsTruthy;
const toOutput = importedToOutput;
const callPure = importedCallPure;

const noop: Exec = () => undefined;

/** A step of a block: a text run to print, or a compiled tag. */
type Part = Exec | string;

/**
 * Runs the parts of a block in order. Text runs are printed here rather than through a
 * closure each: a block mixes many kinds of tags, and calling each text run's own closure
 * from this one loop costs a dispatch per run. Each run still counts one step, as before.
 */
function sequence(parts: Part[]): Exec {
  if (parts.length === 0) return noop;
  if (parts.length === 1) {
    const only = parts[0] ?? noop;
    return typeof only === 'string' ? textExec(only) : only;
  }
  return (s) => {
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as Part;
      if (typeof part === 'string') {
        s.step();
        s.emit(part);
      } else part(s);
    }
  };
}

function textExec(text: string): Exec {
  return (s) => {
    s.step();
    s.emit(text);
  };
}

function compilePredicate(
  name: string,
  line: number,
  column: number,
  ctx: CompileContext,
): Predicate | null {
  const fn = ctx.predicates[name];
  if (!fn)
    ctx.errors.push(
      makeError(ErrorCode.PredicateUnknown, `Unknown predicate "${name}"`, line, column),
    );
  return fn ?? null;
}

function testPredicate(
  s: RenderState,
  fn: Predicate | null,
  name: string,
  args: readonly string[],
  line: number,
  column: number,
): boolean {
  if (!fn) return false;
  s.at(line, column);
  try {
    return fn(s.frame.node, args, s);
  } catch (e) {
    if (e instanceof BudgetExceeded) throw e;
    s.error(
      ErrorCode.PredicateFailed,
      `Predicate "${name}" failed: ${e instanceof Error ? e.message : String(e)}`,
    );
    return false;
  }
}

/**
 * A repeated section on the reference's scope stack (EngineOptions.scopeLeaksOnFormatterFailure):
 * the list is pushed and counts the positions; each element is read from whatever frame is on
 * top by then, at that frame's position, and pushed over it; each end takes off one frame,
 * whichever it is. So a frame a failing formatter left behind takes the place of the list for
 * the later elements, which read nothing from it.
 */
function repeatOnReferenceStack(s: RenderState, v: unknown[], body: Exec, between: Exec | null) {
  const saved = s.frame;
  const list = new Frame(v, saved);
  list.index = 0;
  s.frame = list;
  for (let i = 0; i < v.length; i++) {
    s.step();
    const top = s.frame;
    const element: unknown =
      Array.isArray(top.node) && top.index >= 0 ? (top.node[top.index] as unknown) : undefined;
    s.frame = new Frame(element, top);
    body(s);
    if (between && i < v.length - 1) between(s);
    s.frame = s.frame.parent ?? saved;
    list.index++;
  }
  s.frame = s.frame.parent ?? saved;
}

function compileAlt(alt: AltNode | null, ctx: CompileContext): Exec | null {
  if (!alt) return null;
  if (alt.kind === 'or') return sequence(compileBody(alt.body, ctx));
  return compileNode(alt, ctx);
}

function compileBody(nodes: readonly Node[], ctx: CompileContext): Part[] {
  return nodes.map((n) => (n.kind === 'text' ? n.text : compileNode(n, ctx)));
}

function compileNode(node: Node, ctx: CompileContext): Exec {
  switch (node.kind) {
    case 'text':
      return textExec(node.text);
    case 'variable': {
      const direct = compileDirectApply(node, ctx);
      if (direct) return direct;
      const pure = pureCall(node.paths, node.formatters, ctx);
      const only = node.paths[0];
      if (pure && only) {
        // The common `{title|html}`: one lookup, one pure formatter, no scope set-up.
        const r = compilePath(only);
        const { call, fn } = pure;
        return (s) => {
          s.step();
          s.emit(toOutput(callPure(s, call, fn, r(s.frame))));
        };
      }
      const value = compileValue(node.paths, node.formatters, ctx, true);
      return (s) => {
        s.step();
        s.emit(toOutput(value(s)));
      };
    }
    case 'section': {
      const r = compileSectionPath(node.path);
      const body = sequence(compileBody(node.body, ctx));
      const alt = compileAlt(node.alt, ctx);
      return (s) => {
        s.step();
        const v = r(s.frame);
        const run = isTruthy(v) ? body : alt;
        if (!run) return;
        // As in the reference, the `.or` branch too runs with the section's value as its scope.
        const saved = s.frame;
        const pushed = new Frame(v, saved);
        s.frame = pushed;
        try {
          run(s);
        } finally {
          s.leave(pushed, saved);
        }
      };
    }
    case 'repeated': {
      const r = compileSectionPath(node.path);
      const body = sequence(compileBody(node.body, ctx));
      const between = node.alternates ? sequence(compileBody(node.alternates, ctx)) : null;
      const alt = compileAlt(node.alt, ctx);
      return (s) => {
        s.step();
        const v = r(s.frame);
        if (!Array.isArray(v) || v.length === 0) {
          if (alt) alt(s);
          return;
        }
        if (s.settings.scopeLeaksOnFormatterFailure === true) {
          repeatOnReferenceStack(s, v, body, between);
          return;
        }
        const saved = s.frame;
        // The list is a frame under its elements, as in the reference: `{1}` inside reads the
        // list's second element. One frame serves every element; nothing keeps a reference
        // past its iteration.
        const f = new Frame(undefined, new Frame(v, saved));
        try {
          for (let i = 0; i < v.length; i++) {
            s.step();
            f.node = v[i];
            f.index = i;
            f.vars = null;
            f.macros = null;
            s.frame = f;
            body(s);
            if (between && i < v.length - 1) between(s);
          }
        } finally {
          s.frame = saved;
        }
      };
    }
    case 'predicate': {
      const { name, args, line, column } = node;
      const fn = compilePredicate(name, line, column, ctx);
      const body = sequence(compileBody(node.body, ctx));
      const alt = compileAlt(node.alt, ctx);
      return (s) => {
        s.step();
        if (testPredicate(s, fn, name, args, line, column)) body(s);
        else if (alt) alt(s);
      };
    }
    case 'if': {
      const body = sequence(compileBody(node.body, ctx));
      const alt = compileAlt(node.alt, ctx);
      let test: (s: RenderState) => boolean;
      if (node.predicate) {
        const { name, args } = node.predicate;
        const { line, column } = node;
        const fn = compilePredicate(name, line, column, ctx);
        test = (s) => testPredicate(s, fn, name, args, line, column);
      } else {
        const rs = node.paths.map(compilePath);
        test =
          rs.length === 0
            ? () => false
            : node.op === 'and'
              ? (s) => rs.every((r) => isTruthy(r(s.frame)))
              : (s) => rs.some((r) => isTruthy(r(s.frame)));
      }
      return (s) => {
        s.step();
        if (test(s)) body(s);
        else if (alt) alt(s);
      };
    }
    case 'or':
      return sequence(compileBody(node.body, ctx));
    case 'bindvar': {
      const value = compileValue(node.paths, node.formatters, ctx, false);
      const name = node.name;
      return (s) => {
        s.step();
        let v: unknown;
        try {
          v = value(s);
        } catch (e) {
          // On the reference's scope stack a failing formatter ends the `.var`: no binding.
          if (e instanceof FormatterAbort) return;
          throw e;
        }
        s.frame.setVar(name, v);
      };
    }
    case 'ctxvar': {
      const bindings = node.bindings.map((b) => ({ key: b.key, r: compilePath(b.path) }));
      const name = node.name;
      return (s) => {
        s.step();
        // No prototype: a binding named __proto__ stays a plain key.
        const obj = Object.create(null) as Record<string, unknown>;
        // A binding that resolves to nothing holds null, as in the reference (`{@w.k|json}` prints null).
        for (const b of bindings) obj[b.key] = b.r(s.frame) ?? null;
        s.frame.setVar(name, obj);
      };
    }
    case 'macro': {
      const body = sequence(compileBody(node.body, ctx));
      const name = node.name;
      return (s) => {
        s.step();
        (s.frame.macros ??= new Map()).set(name, body);
      };
    }
    case 'include': {
      const { name, output, line, column } = node;
      return (s) => {
        s.step();
        s.at(line, column);
        s.include(name, output);
      };
    }
    case 'inject': {
      const { name, path, line, column } = node;
      return (s) => {
        s.step();
        s.at(line, column);
        s.inject(name, path);
      };
    }
    case 'eval':
      return compileEval(node, ctx.errors, ctx.exprLimits);
  }
}

export function compileTree(nodes: readonly Node[], ctx: CompileContext): Exec {
  return sequence(compileBody(nodes, ctx));
}
