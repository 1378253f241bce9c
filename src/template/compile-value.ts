// Compiles the values of variable tags and `.var`: variable lookups and formatter
// chains, with the fast paths for pure formatters and a lone `|apply`.
import type { FormatterCall, Path, VariableNode } from './ast.ts';
import { BudgetExceeded } from './budgets.ts';
import type { ExprLimits } from './eval/lexer.ts';
import { ErrorCode, makeError } from './errors.ts';
import { applyFormatter, dataFormatters, parseApplyArgs } from './plugins/core/data.ts';
import { escapeFormatters } from './plugins/core/escape.ts';
import { textFormatters } from './plugins/core/text.ts';
import type { Formatter, FormatterTable, PredicateTable, TemplateError } from './plugins/types.ts';
import { compilePath } from './scope.ts';
import { Frame, FormatterAbort, type Exec, type RenderState } from './state.ts';

/** What compiling a template is given and collects: the plugins' tables, limits and errors. */
export interface CompileContext {
  formatters: FormatterTable;
  predicates: PredicateTable;
  errors: TemplateError[];
  exprLimits: ExprLimits;
}

type Resolver = (f: Frame) => unknown;
type Chain = (s: RenderState, v: unknown) => unknown;

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
export function callPure(s: RenderState, call: FormatterCall, fn: Formatter, v: unknown): unknown {
  try {
    return fn(v, call.args, s);
  } catch (e) {
    s.at(call.line, call.column);
    failed(s, call, e);
    return undefined;
  }
}

function failed(s: RenderState, call: FormatterCall, e: unknown): void {
  // A budget spent inside a formatter (|apply renders a partial) ends the render.
  if (e instanceof BudgetExceeded || e instanceof FormatterAbort) throw e;
  s.error(
    ErrorCode.FormatterFailed,
    `Formatter "${call.name}" failed: ${e instanceof Error ? e.message : String(e)}`,
  );
  // On the reference's scope stack the failure ends a variable tag (see leakScope) or a `.var`,
  // which then binds nothing.
  if ((s.inputActive || s.varActive) && s.settings.scopeLeaksOnFormatterFailure === true)
    throw new FormatterAbort();
}

/**
 * The reference's scope stack after a failed tag: its value stays the current node; it prints
 * nothing. When an `apply` of the tag left frames behind, the tag's own frame is already under
 * them (the applied block's frame links to it) and stays there.
 */
function leakScope(s: RenderState, e: unknown, value: unknown, entry: Frame): undefined {
  if (!(e instanceof FormatterAbort)) throw e;
  if (s.frame === entry) s.frame = new Frame(value, entry);
  return undefined;
}

/** A `.var`'s formatters on the reference's scope stack: a failure ends the `.var` (FormatterAbort). */
function varOnReferenceStack(s: RenderState, chain: Chain, v: unknown): unknown {
  s.varActive = true;
  try {
    return chain(s, v);
  } finally {
    s.varActive = false;
  }
}

/** Builds the formatter chain of a variable or `.var`; unknown formatters are reported and skipped. */
function compileChain(calls: readonly FormatterCall[], ctx: CompileContext): Chain | null {
  const steps: { call: FormatterCall; fn: Formatter }[] = [];
  let noValue = false;
  for (const call of calls) {
    let fn = ctx.formatters[call.name];
    // `cycle` without a choice gives no value at all, which `raw` passes on unprinted
    // where a missing variable prints as null, as in the reference
    // (docs/adr/002-jsont-engine-golden-deviations.md). Decided here, not per render.
    if (noValue && fn === escapeFormatters.raw) fn = rawOfNoValue;
    noValue =
      fn === dataFormatters.cycle ||
      fn === rawOfNoValue ||
      (noValue && fn !== undefined && handsValueOn(fn, call));
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

/**
 * Formatters that hand their value on as it is, so no value stays none through them as in
 * the reference: `safe` (no value is false) and `truncate` with a limit below 1.
 */
function handsValueOn(fn: Formatter, call: FormatterCall): boolean {
  if (fn === escapeFormatters.safe) return true;
  const limit = call.args[0];
  return (
    fn === textFormatters.truncate && limit !== undefined && !(Number.parseInt(limit, 10) >= 1)
  );
}

/** `raw` after a `cycle` that may give no value: no value stays none. */
const rawOfNoValue: Formatter = (v, args, env) =>
  v === undefined ? undefined : escapeFormatters.raw?.(v, args, env);
rawOfNoValue.pure = true;

/** One variable with one known pure formatter: the common `{title|html}`. */
export function pureCall(
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
export function compileValue(
  paths: readonly Path[],
  calls: readonly FormatterCall[],
  ctx: CompileContext,
  pushValue: boolean,
): (s: RenderState) => unknown {
  const resolvers: Resolver[] = paths.map(compilePath);
  const first = resolvers[0] ?? ((f: Frame) => f.node);
  const pure = pureCall(paths, calls, ctx);
  const chain: Chain | null = pure
    ? (s, v) => callPure(s, pure.call, pure.fn, v)
    : compileChain(calls, ctx);
  if (!chain) return (s) => first(s.frame);
  if (pure && pushValue) return (s) => chain(s, first(s.frame));
  const run = (s: RenderState, values: unknown[]): unknown => {
    s.values = values;
    if (!pushValue)
      return s.settings.scopeLeaksOnFormatterFailure === true
        ? varOnReferenceStack(s, chain, values[0])
        : chain(s, values[0]);
    const { inputActive, inputValue, inputFrame } = s;
    const entry = s.frame;
    s.inputActive = true;
    s.inputValue = values[0];
    s.inputFrame = null;
    let out: unknown;
    try {
      out = chain(s, values[0]);
      // Only on the reference's scope stack can an `apply` leave frames over the tag's (see
      // RenderState.leave): the tag's end then takes off one of them, whichever is on top.
      if (s.frame !== entry) s.frame = s.frame.parent ?? entry;
    } catch (e) {
      out = leakScope(s, e, values[0], entry);
    }
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

/**
 * `{x|apply name}` alone renders the partial straight into the output instead of
 * building a string and copying it (partials are the bulk of a page).
 */
export function compileDirectApply(node: VariableNode, ctx: CompileContext): Exec | null {
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
    if (s.settings.scopeLeaksOnFormatterFailure === true)
      applyOnReferenceStack(s, name, r(s.frame), isolated, params);
    else s.applyInto(name, r(s.frame), isolated, params);
  };
}

/**
 * A lone `{x|apply name}` on the reference's scope stack (EngineOptions.scopeLeaksOnFormatterFailure):
 * the tag's value is a frame under the applied block's, and the tag's end takes off one frame
 * after the block's end took off one, whichever they are. So a failure inside the block leaves
 * the tag's frame current (not isolated, even for a private apply), and two failures leave the
 * block's own frame.
 */
function applyOnReferenceStack(
  s: RenderState,
  name: string,
  node: unknown,
  isolated: boolean,
  params: Record<string, string> | null,
): void {
  const entry = s.frame;
  const tag = new Frame(node, entry);
  s.frame = tag;
  s.applyInto(name, node, isolated, params);
  s.frame = s.frame === tag ? entry : (s.frame.parent ?? entry);
}
