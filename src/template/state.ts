// The mutable state of one render, and its scope frames with name resolution: a name is
// searched outward through the frames; `@` names are variables, `@index`/`@index0` come from
// the nearest repeated section. (Frames hold compiled blocks that take the state, and the state
// holds frames: one file, so neither imports the other.) The state is also the PluginEnv
// handed to formatters and predicates (the engine sets the call site before each call), so a
// plugin call allocates nothing.
import {
  BudgetExceeded,
  ERROR_STEPS,
  TIME_CHECK_INTERVAL,
  WORK_UNIT_SHIFT,
  type Budgets,
} from './budgets.ts';
import { ErrorCode, makeError } from './errors.ts';
import { parsePath } from './parse-tag.ts';
import type { Path } from './ast.ts';
import type { PluginEnv, TemplateError, WidgetRenderer } from './plugins/types.ts';
import { member as importedMember, walk as importedWalk } from './values.ts';

// Hot helpers bound once: transpiled (CommonJS) imports are a property read per call.
const member = importedMember;
const walk = importedWalk;

/** The nesting limit of partials and macros (docs/behaviour/templates.md#limits-and-errors). */
export const MAX_PARTIAL_DEPTH = 16;

/** TIME_CHECK_INTERVAL is a power of two: a mask tells when to look at the clock. */
const CHECK_MASK = TIME_CHECK_INTERVAL - 1;

export interface PartialSource {
  /** Compiles a partial by name (cached by the engine); null when there is none. */
  (name: string): { run: Exec; errors: readonly TemplateError[] } | null;
}

export interface RenderSettings {
  locale: string;
  now: number;
  timeZone: string;
  injects: Readonly<Record<string, unknown>>;
  partial: PartialSource;
  widgets: WidgetRenderer | undefined;
  budgets: Budgets;
  /** The wall clock in milliseconds (Date.now; tests pass their own). */
  clock: () => number;
  /** See EngineOptions.depthLeaksOnRefusal. */
  depthLeaksOnRefusal?: boolean;
  /** See EngineOptions.scopeLeaksOnFormatterFailure. */
  scopeLeaksOnFormatterFailure?: boolean;
  /** See EngineOptions.zoneFromScope: the zone of the `website.timeZone` a date's scope holds. */
  zoneInScope?: (timeZone: unknown) => string;
}

/**
 * Thrown by a failing formatter of a variable tag under the reference's scope stack
 * (EngineOptions.scopeLeaksOnFormatterFailure): the tag ends there.
 */
export class FormatterAbort extends Error {}

/** Paths plugins resolve by name, parsed once per process (parsing is pure). */
const pathCache = new Map<string, ReturnType<typeof parsePath>>();
const PATH_CACHE_SIZE = 5000;

/** A compiled block that renders into the current state (templates, macros, partials). */
export type Exec = (s: RenderState) => void;

/**
 * Errors that leave a partial unusable: a block out of place or unclosed, an unknown formatter
 * or predicate. Text-level slips (an expression, an unclosed comment) do not.
 */
const BREAKS_PARTIAL: ReadonlySet<string> = new Set([
  ErrorCode.NotAllowedHere,
  ErrorCode.EofInBlock,
  ErrorCode.FormatterUnknown,
  ErrorCode.PredicateUnknown,
]);
const printNothing: Exec = () => undefined;

export class Frame {
  vars: Map<string, unknown> | null = null;
  macros: Map<string, Exec> | null = null;
  /** 0-based position inside a repeated section, or -1. */
  index = -1;

  constructor(
    /** Mutable only so a repeated section can reuse one frame for all its elements. */
    public node: unknown,
    public readonly parent: Frame | null,
    /** An isolated frame (private apply) hides the frames above it from data lookup. */
    public readonly isolated = false,
  ) {}

  setVar(name: string, value: unknown): void {
    (this.vars ??= new Map()).set(name, value);
  }

  /** Macros are dynamically scoped: a partial sees the macros of the template that applied it. */
  findMacro(name: string): Exec | undefined {
    return this.macros?.get(name) ?? this.parent?.findMacro(name);
  }
}

export function lookupVar(frame: Frame, name: string): unknown {
  if (name === '@index' || name === '@index0') {
    // A private apply hides the caller's position too, as in the reference.
    for (let f: Frame | null = frame; f; f = f.isolated ? null : f.parent) {
      if (f.index >= 0) return name === '@index' ? f.index + 1 : f.index;
    }
    return undefined;
  }
  // A variable bound to nothing (`.var` of a missing path, an inject not found) hides no outer
  // binding of the same name: the search goes on outward, as in the reference.
  for (let f: Frame | null = frame; f; f = f.isolated ? null : f.parent) {
    const v = f.vars?.get(name);
    if (v !== undefined) return v;
  }
  return undefined;
}

export function lookupName(frame: Frame, name: string): unknown {
  for (let f: Frame | null = frame; f; f = f.isolated ? null : f.parent) {
    const v = member(f.node, name);
    if (v !== undefined) return v;
  }
  return undefined;
}

export function resolvePath(frame: Frame, path: Path): unknown {
  if (path.current) return walk(frame.node, path.segments);
  const head = path.segments[0] ?? '';
  const first =
    head.charCodeAt(0) === 64 /* @ */ ? lookupVar(frame, head) : lookupName(frame, head);
  return path.segments.length === 1 ? first : walk(first, path.segments, 1);
}

export class RenderState implements PluginEnv {
  out = '';
  frame: Frame;
  readonly errors: TemplateError[] = [];
  readonly root: unknown;
  values: readonly unknown[] = [];
  line = 0;
  column = 0;
  depth = 0;
  private steps = 0;
  private readonly maxSteps: number;
  private readonly maxOutput: number;
  /** The output size allowed now: the output budget, or the value budget while capturing. */
  private outputLimit: number;
  private readonly deadline: number;
  private readonly clock: () => number;

  constructor(
    root: unknown,
    readonly settings: RenderSettings,
  ) {
    this.root = root;
    this.frame = new Frame(root, null);
    this.clock = settings.clock;
    this.deadline = settings.clock() + settings.budgets.wallTimeMs;
    this.maxSteps = settings.budgets.instructions;
    this.maxOutput = settings.budgets.outputSize;
    this.outputLimit = this.maxOutput;
  }

  get locale(): string {
    return this.settings.locale;
  }
  get now(): number {
    return this.settings.now;
  }
  get timeZone(): string {
    const inScope = this.settings.zoneInScope;
    return inScope ? inScope(this.resolve('website.timeZone')) : this.settings.timeZone;
  }
  get node(): unknown {
    return this.scope().node;
  }

  /**
   * While a variable tag's formatters run, the formatter input is the current node (`@`)
   * for plugin lookups. Its frame is made only when a plugin actually looks something up.
   */
  inputActive = false;
  /**
   * While a `.var`'s formatters run on the reference's scope stack
   * (EngineOptions.scopeLeaksOnFormatterFailure): a failing formatter ends the `.var`.
   */
  varActive = false;
  inputValue: unknown = undefined;
  inputFrame: Frame | null = null;

  private scope(): Frame {
    if (!this.inputActive) return this.frame;
    return (this.inputFrame ??= new Frame(this.inputValue, this.frame));
  }

  /** Counts one executed instruction against the budgets. */
  step(): void {
    const n = ++this.steps;
    if (n > this.maxSteps) throw this.outOfSteps();
    if ((n & CHECK_MASK) === 0 && this.clock() > this.deadline) {
      throw new BudgetExceeded(
        ErrorCode.BudgetTime,
        `Render exceeded the time budget of ${this.settings.budgets.wallTimeMs} ms`,
      );
    }
  }

  /**
   * Counts the work of handling `chars` characters (printed, or built into a value) against
   * the step budget: one step per WORK_UNIT characters, so a render copying giant strings
   * runs out of steps as surely as one looping.
   */
  private chargeSize(chars: number): void {
    const units = chars >>> WORK_UNIT_SHIFT;
    if (units === 0) return;
    this.steps += units;
    if (this.steps > this.maxSteps) throw this.outOfSteps();
  }

  private outOfSteps(): BudgetExceeded {
    return new BudgetExceeded(
      ErrorCode.BudgetInstructions,
      `Render exceeded the instruction budget of ${this.settings.budgets.instructions}`,
    );
  }

  /** Work steps spent so far: instructions plus size charges (for tests and hosts' logs). */
  get executed(): number {
    return this.steps;
  }

  emit(text: string): void {
    this.chargeSize(text.length);
    this.out += text;
    if (this.out.length > this.outputLimit) throw this.overLimit();
  }

  private overLimit(): BudgetExceeded {
    if (this.outputLimit < this.maxOutput) return this.valueTooLarge();
    return new BudgetExceeded(
      ErrorCode.BudgetOutput,
      `Render exceeded the output budget of ${this.settings.budgets.outputSize} characters`,
    );
  }

  private valueTooLarge(): BudgetExceeded {
    return new BudgetExceeded(
      ErrorCode.BudgetValue,
      `Render built a value over the budget of ${this.settings.budgets.valueSize} characters`,
    );
  }

  /** Ends the render when a value built while rendering outgrows the value budget. */
  checkValue<T>(v: T): T {
    if (typeof v !== 'string') return v;
    if (v.length > this.settings.budgets.valueSize) throw this.valueTooLarge();
    this.chargeSize(v.length);
    return v;
  }

  at(line: number, column: number): this {
    this.line = line;
    this.column = column;
    return this;
  }

  error(code: string, message: string): void {
    // A collected error costs what building and keeping it costs: a template that errs in a
    // loop (recursion past the partial depth) spends its budget like one that prints.
    this.steps += ERROR_STEPS;
    if (this.steps > this.maxSteps) throw this.outOfSteps();
    this.errors.push(makeError(code, message, this.line, this.column));
  }

  // A plain Map, not a WeakMap: the state lives for one render only, and ephemeron tables
  // cost the collector more than the few keys (the page's items) they would let go early.
  private memos: Map<object, Map<string, unknown>> | null = null;
  private lastMemoKey: object | null = null;
  private lastMemoSlots: Map<string, unknown> | null = null;

  memo<T>(key: object, name: string, compute: () => T): T {
    // Consecutive tags usually ask about the same item: keep its slots at hand.
    let slots = key === this.lastMemoKey ? this.lastMemoSlots : this.memos?.get(key);
    if (!slots) (this.memos ??= new Map()).set(key, (slots = new Map<string, unknown>()));
    this.lastMemoKey = key;
    this.lastMemoSlots = slots;
    // One lookup on a hit; `has` only tells a remembered undefined from none.
    const hit = slots.get(name);
    if (hit !== undefined || slots.has(name)) return hit as T;
    const value = compute();
    slots.set(name, value);
    return value;
  }

  resolve(path: string): unknown {
    return this.resolveIn(this.scope(), path);
  }

  resolveOuter(path: string): unknown {
    return this.resolveIn(this.frame, path);
  }

  private resolveIn(frame: Frame, path: string): unknown {
    let p = pathCache.get(path);
    if (p === undefined) {
      p = parsePath(path);
      if (pathCache.size >= PATH_CACHE_SIZE) pathCache.clear();
      pathCache.set(path, p);
    }
    return p ? resolvePath(frame, p) : undefined;
  }

  widget(name: string, node: unknown, args: readonly string[]): string | undefined {
    return this.settings.widgets?.(name, node, [...args], { root: this.root });
  }

  /**
   * Usable partials already looked up in this render: the partials given to a render do not
   * change during it, and a page applies the same one per item.
   */
  private partialRuns: Map<string, Exec> | null = null;

  /** Finds a macro in scope, else a partial; reports a missing one. */
  findBlock(name: string): Exec | null {
    const macro = this.frame.findMacro(name);
    if (macro) return macro;
    const known = this.partialRuns?.get(name);
    if (known) return known;
    const partial = this.settings.partial(name);
    if (!partial) {
      this.error(ErrorCode.PartialNotFound, `Partial or macro "${name}" not found`);
      return null;
    }
    const broken = partial.errors.find((e) => BREAKS_PARTIAL.has(e.code));
    if (broken) {
      // As in the reference, a partial whose blocks or names do not parse prints nothing.
      this.error(
        ErrorCode.PartialParse,
        `Partial "${name}" has syntax errors: ${broken.message} at ${broken.line}:${broken.column}`,
      );
      return printNothing;
    }
    (this.partialRuns ??= new Map()).set(name, partial.run);
    return partial.run;
  }

  /**
   * Ends a block that made `pushed` the current frame over `saved`. Under the reference's
   * scope stack a frame a failing formatter left on top is what the block end takes off.
   */
  leave(pushed: Frame, saved: Frame): void {
    const top = this.frame;
    this.frame =
      top !== pushed && this.settings.scopeLeaksOnFormatterFailure === true
        ? (top.parent ?? saved)
        : saved;
  }

  /** The macro or partial `name` when one more level of nesting is allowed; reports the limit otherwise. */
  private nestedBlock(name: string): Exec | null {
    if (this.depth >= MAX_PARTIAL_DEPTH) {
      this.error(
        ErrorCode.PartialTooDeep,
        `Partial "${name}" exceeds the nesting limit of ${MAX_PARTIAL_DEPTH}`,
      );
      // The reference's count never comes down after a refusal (docs/adr/002,
      // `partial-depth-recovers`); only the differential harness's stand-in asks for that.
      // A name that is no macro nor partial is reported missing there, at any depth, and
      // counts nothing.
      if (this.settings.depthLeaksOnRefusal === true && this.blockExists(name)) this.depth++;
      return null;
    }
    return this.findBlock(name);
  }

  private blockExists(name: string): boolean {
    return this.frame.findMacro(name) !== undefined || this.settings.partial(name) !== null;
  }

  /** Runs `run` with a fresh output buffer and returns what it printed (a value: budgeted as one). */
  capture(run: Exec): string {
    const saved = this.out;
    const limit = this.outputLimit;
    this.out = '';
    this.outputLimit = Math.min(limit, this.settings.budgets.valueSize);
    try {
      run(this);
      return this.out;
    } finally {
      this.out = saved;
      this.outputLimit = limit;
    }
  }

  apply(
    name: string,
    node: unknown,
    isolated: boolean,
    args: Record<string, string> | null,
  ): string {
    return this.capture((s) => s.applyInto(name, node, isolated, args));
  }

  /** Renders a macro or partial with `node` as its scope straight into the output. */
  applyInto(
    name: string,
    node: unknown,
    isolated: boolean,
    args: Record<string, string> | null,
  ): void {
    const line = this.line;
    const column = this.column;
    const run = this.nestedBlock(name);
    if (!run) return;
    const savedFrame = this.frame;
    // The tags inside set `values` too: the caller's chain (`{a|apply p|relative-time}`) reads its own after.
    const { inputActive, inputValue, inputFrame, varActive, values } = this;
    // An isolated frame still links to the caller so macros stay visible; data lookup stops at it.
    const frame = new Frame(node, this.scope(), isolated);
    if (args) frame.setVar('@args', args);
    this.frame = frame;
    this.inputActive = false;
    this.varActive = false;
    this.depth++;
    try {
      run(this);
    } finally {
      this.depth--;
      this.leave(frame, savedFrame);
      this.inputActive = inputActive;
      this.inputValue = inputValue;
      this.inputFrame = inputFrame;
      this.varActive = varActive;
      this.values = values;
      this.at(line, column);
    }
  }

  /** `{.include name [output]}`: runs a macro or partial in the current scope; its output is dropped unless asked for. */
  include(name: string, output: boolean): void {
    const run = this.nestedBlock(name);
    if (!run) return;
    this.depth++;
    try {
      if (output) run(this);
      else this.capture(run);
    } finally {
      this.depth--;
    }
  }

  /** `{.inject @var path}`: binds a host-supplied value. */
  inject(name: string, path: string): void {
    const injects = this.settings.injects;
    if (!Object.prototype.hasOwnProperty.call(injects, path)) {
      this.error(ErrorCode.InjectMissing, `Inject "${path}" not found`);
      this.frame.setVar(name, undefined);
      return;
    }
    this.frame.setVar(name, injects[path]);
  }
}
