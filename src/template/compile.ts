// Compiles the syntax tree into JavaScript closures once; rendering walks no tree
// and parses nothing.
import type { AltNode, FormatterCall, Node, Path, VariableNode } from './ast.ts';
import { applyFormatter, parseApplyArgs } from './plugins/core/data.ts';
import { ErrorCode, makeError } from './errors.ts';
import { compileEval } from './eval/compile-eval.ts';
import type { ExprLimits } from './eval/lexer.ts';
import type {
  Formatter,
  FormatterTable,
  Predicate,
  PredicateTable,
  TemplateError,
} from './plugins/types.ts';
import {
  compilePath,
  compileSectionPath,
  Frame as ImportedFrame,
  type Exec,
  type Frame as FrameType,
} from './scope.ts';
import type { RenderState } from './state.ts';
import { isTruthy as importedIsTruthy, toOutput as importedToOutput } from './values.ts';

// Hot helpers bound once: transpiled (CommonJS) imports are a property read per call.
const Frame = ImportedFrame;
const isTruthy = importedIsTruthy;
const toOutput = importedToOutput;

export interface CompileContext {
  formatters: FormatterTable;
  predicates: PredicateTable;
  errors: TemplateError[];
  exprLimits: ExprLimits;
}

type Resolver = (f: FrameType) => unknown;
type Chain = (s: RenderState, v: unknown) => unknown;

const noop: Exec = () => undefined;

function sequence(execs: Exec[]): Exec {
  if (execs.length === 0) return noop;
  if (execs.length === 1) return execs[0] ?? noop;
  return (s) => {
    for (let i = 0; i < execs.length; i++) (execs[i] as Exec)(s);
  };
}

function callFormatter(s: RenderState, call: FormatterCall, fn: Formatter, v: unknown): unknown {
  s.at(call.line, call.column);
  try {
    return fn(v, call.args, s);
  } catch (e) {
    failed(s, call, e);
    return undefined;
  }
}

/** A pure formatter needs no position or scope unless it fails. */
function callPure(s: RenderState, call: FormatterCall, fn: Formatter, v: unknown): unknown {
  try {
    return fn(v, call.args, s);
  } catch (e) {
    s.at(call.line, call.column);
    failed(s, call, e);
    return undefined;
  }
}

function failed(s: RenderState, call: FormatterCall, e: unknown): void {
  s.error(
    ErrorCode.FormatterFailed,
    `Formatter "${call.name}" failed: ${e instanceof Error ? e.message : String(e)}`,
  );
}

/** Builds the formatter chain of a variable or `.var`; unknown formatters are reported and skipped. */
function compileChain(calls: readonly FormatterCall[], ctx: CompileContext): Chain | null {
  const steps: { call: FormatterCall; fn: Formatter }[] = [];
  for (const call of calls) {
    const fn = ctx.formatters[call.name];
    if (!fn) {
      ctx.errors.push(
        makeError(
          ErrorCode.FormatterUnknown,
          `Unknown formatter "${call.name}"`,
          call.line,
          call.column,
        ),
      );
      continue;
    }
    const bad = fn.validateArgs?.(call.args) ?? null;
    if (bad !== null)
      ctx.errors.push(
        makeError(
          ErrorCode.FormatterArgs,
          `Formatter "${call.name}": ${bad}`,
          call.line,
          call.column,
        ),
      );
    steps.push({ call, fn });
  }
  if (steps.length === 0) return null;
  const only = steps.length === 1 ? steps[0] : undefined;
  if (only) return (s, v) => callFormatter(s, only.call, only.fn, v);
  return (s, v) => {
    let out = v;
    for (const { call, fn } of steps) out = callFormatter(s, call, fn, out);
    return out;
  };
}

/** One variable with one known pure formatter: the common `{title|html}`. */
function pureCall(
  paths: readonly Path[],
  calls: readonly FormatterCall[],
  ctx: CompileContext,
): { call: FormatterCall; fn: Formatter } | null {
  const call = calls[0];
  const fn = call ? ctx.formatters[call.name] : undefined;
  if (paths.length !== 1 || calls.length !== 1 || !call || !fn || fn.pure !== true) return null;
  const bad = fn.validateArgs?.(call.args) ?? null;
  return bad === null ? { call, fn } : null;
}

/**
 * Evaluates the variables of a tag and runs its formatters. In a variable tag the
 * formatters run with the first value as the current node (so `@.id` in an argument
 * reads from it); in `.var` they run in the enclosing scope, as the golden cases show.
 */
function compileValue(
  paths: readonly Path[],
  calls: readonly FormatterCall[],
  ctx: CompileContext,
  pushValue: boolean,
): (s: RenderState) => unknown {
  const resolvers: Resolver[] = paths.map(compilePath);
  const first = resolvers[0] ?? ((f: FrameType) => f.node);
  const pure = pureCall(paths, calls, ctx);
  if (pure) return (s) => callPure(s, pure.call, pure.fn, first(s.frame));
  const chain = compileChain(calls, ctx);
  if (!chain) return (s) => first(s.frame);
  const run = (s: RenderState, values: unknown[]): unknown => {
    s.values = values;
    if (!pushValue) return chain(s, values[0]);
    const { inputActive, inputValue, inputFrame } = s;
    s.inputActive = true;
    s.inputValue = values[0];
    s.inputFrame = null;
    const out = chain(s, values[0]);
    s.inputActive = inputActive;
    s.inputValue = inputValue;
    s.inputFrame = inputFrame;
    return out;
  };

  if (resolvers.length === 1) {
    // One variable: a single-slot array per tag, refilled on each render of the tag.
    const slot: unknown[] = [undefined];
    return (s) => {
      slot[0] = first(s.frame);
      return run(s, slot);
    };
  }
  return (s) =>
    run(
      s,
      resolvers.map((r) => r(s.frame)),
    );
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
    s.error(
      ErrorCode.PredicateFailed,
      `Predicate "${name}" failed: ${e instanceof Error ? e.message : String(e)}`,
    );
    return false;
  }
}

function compileAlt(alt: AltNode | null, ctx: CompileContext): Exec | null {
  if (!alt) return null;
  if (alt.kind === 'or') return sequence(compileBody(alt.body, ctx));
  return compileNode(alt, ctx);
}

function compileBody(nodes: readonly Node[], ctx: CompileContext): Exec[] {
  return nodes.map((n) => compileNode(n, ctx));
}

/**
 * `{x|apply name}` alone renders the partial straight into the output instead of
 * building a string and copying it (partials are the bulk of a page).
 */
function compileDirectApply(node: VariableNode, ctx: CompileContext): Exec | null {
  const call = node.formatters[0];
  const first = node.paths[0];
  if (node.formatters.length !== 1 || node.paths.length !== 1 || !call || !first) return null;
  if (call.name !== 'apply' || ctx.formatters.apply !== applyFormatter) return null;
  const args = parseApplyArgs(call.args);
  if (!args) return null;
  const r = compilePath(first);
  const { name, isolated, params } = args;
  return (s) => {
    s.step();
    s.at(call.line, call.column);
    s.applyInto(name, r(s.frame), isolated, params);
  };
}

function compileNode(node: Node, ctx: CompileContext): Exec {
  switch (node.kind) {
    case 'text': {
      const text = node.text;
      return (s) => {
        s.step();
        s.emit(text);
      };
    }
    case 'variable': {
      const direct = compileDirectApply(node, ctx);
      if (direct) return direct;
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
        if (isTruthy(v)) {
          const saved = s.frame;
          s.frame = new Frame(v, saved);
          try {
            body(s);
          } finally {
            s.frame = saved;
          }
        } else if (alt) alt(s);
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
        const saved = s.frame;
        // One frame serves every element; nothing keeps a reference past its iteration.
        const f = new Frame(undefined, saved);
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
        s.frame.setVar(name, value(s));
      };
    }
    case 'ctxvar': {
      const bindings = node.bindings.map((b) => ({ key: b.key, r: compilePath(b.path) }));
      const name = node.name;
      return (s) => {
        s.step();
        // No prototype: a binding named __proto__ stays a plain key.
        const obj = Object.create(null) as Record<string, unknown>;
        for (const b of bindings) obj[b.key] = b.r(s.frame);
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
