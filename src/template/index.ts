// The JSON-T engine: compile (parse → assemble → closures, cached by content hash)
// and render (budgeted, errors collected, never thrown).
import { assemble } from './assembler.ts';
import { BudgetExceeded, DEFAULT_BUDGETS, type Budgets } from './budgets.ts';
import { TemplateCache } from './cache.ts';
import { compileTree } from './compile.ts';
import { ErrorCode, makeError } from './errors.ts';
import { builtinFamilies, mergeFamilies } from './plugins/registry.ts';
import type {
  Formatter,
  FormatterTable,
  Predicate,
  PredicateTable,
  TemplateError,
  WidgetRenderer,
} from './plugins/types.ts';
import { usableZone } from './plugins/date/zoned.ts';
import { scan } from './scanner.ts';
import type { Exec } from './state.ts';
import { RenderState } from './state.ts';
import { isRecord } from './values.ts';

export type { Budgets } from './budgets.ts';
export { DEFAULT_BUDGETS, TIME_CHECK_INTERVAL, WORK_UNIT } from './budgets.ts';
export { lintEscaping, UNESCAPED_OUTPUT } from './lint.ts';
export { registerCldrPackLoader } from './plugins/i18n/index.ts';
export type {
  Formatter,
  Predicate,
  PluginEnv,
  TemplateError,
  WidgetRenderer,
} from './plugins/types.ts';

export const DEFAULT_TIME_ZONE = 'America/New_York';
export const DEFAULT_LOCALE = 'en-US';

export interface CompiledTemplate {
  readonly source: string;
  readonly run: Exec;
  readonly errors: readonly TemplateError[];
}

export interface EngineOptions {
  formatters?: Record<string, Formatter>;
  predicates?: Record<string, Predicate>;
  widgets?: WidgetRenderer;
  budgets?: Partial<Budgets>;
  /** The wall clock the time budget reads (milliseconds); Date.now unless a test fixes it. */
  clock?: () => number;
  /**
   * The reference engine's partial-depth count, for the differential harness's stand-in only
   * (docs/adr/002, `partial-depth-recovers`): every refusal of a partial nested too deep
   * lowers the limit by one for the rest of the render. Never set when serving pages.
   */
  depthLeaksOnRefusal?: boolean;
  /**
   * The reference engine's scope stack, for the differential harness's stand-in only
   * (docs/adr/002, `formatter-failure-keeps-scope`): a formatter that throws in a variable tag
   * ends the tag and leaves its value as the current node, and each block end then takes
   * off one frame, whichever it is. Never set when serving pages.
   */
  scopeLeaksOnFormatterFailure?: boolean;
  /**
   * The reference engine's time zone, for the differential harness's stand-in only
   * (docs/adr/002, `site-zone-everywhere`): each date reads `website.timeZone` from the scope
   * it is printed in, so a private partial, or a section over data with a `website` member of
   * its own, prints in another zone than the site's. Never set when serving pages.
   */
  zoneFromScope?: boolean;
}

export interface RenderOptions {
  partials?: Record<string, string>;
  injects?: Record<string, unknown>;
  locale?: string;
  now?: number;
  timeZone?: string;
  /** Receives the work steps the render spent (added to `steps`): hosts log it, benches read it. */
  meter?: { steps: number };
}

export interface Engine {
  compile(source: string): { template: CompiledTemplate; errors: TemplateError[] };
  render(
    template: CompiledTemplate | string,
    context: unknown,
    options?: RenderOptions,
  ): { output: string; errors: TemplateError[] };
}

/**
 * The zone a `website.timeZone` value names: none without one (the default zone), else the
 * text. A zone that is no text is no zone at all: the render falls back to UTC, as for an
 * empty or unknown one and as in the reference.
 */
function zoneNamed(tz: unknown): string | undefined {
  if (tz === undefined) return undefined;
  return typeof tz === 'string' ? tz : 'UTC';
}

function siteTimeZone(context: unknown): string | undefined {
  const website = isRecord(context) ? context.website : undefined;
  return zoneNamed(isRecord(website) ? website.timeZone : undefined);
}

/** The zone a `website.timeZone` found in the scope names (see EngineOptions.zoneFromScope). */
const zoneInScope = (tz: unknown): string => usableZone(zoneNamed(tz) ?? DEFAULT_TIME_ZONE);

export function createEngine(options: EngineOptions = {}): Engine {
  const builtins = mergeFamilies(builtinFamilies);
  const formatters: FormatterTable = { ...builtins.formatters, ...options.formatters };
  const predicates: PredicateTable = { ...builtins.predicates, ...options.predicates };
  const budgets: Budgets = { ...DEFAULT_BUDGETS, ...options.budgets };
  const clock = options.clock ?? Date.now;
  const cache = new TemplateCache<CompiledTemplate>();
  const partialCache = new WeakMap<object, Map<string, CompiledTemplate>>();

  const build = (source: string): CompiledTemplate => {
    const errors: TemplateError[] = [];
    const tokens = scan(source, errors, (name) => name in formatters);
    const tree = assemble(tokens, errors);
    const exprLimits = { maxTokens: budgets.evalTokens, maxStringLength: budgets.evalStringLength };
    try {
      const run = compileTree(tree, { formatters, predicates, errors, exprLimits });
      return { source, run, errors };
    } catch (e) {
      // Absurdly deep nesting can exhaust the stack: report it, never throw to the host.
      errors.push(
        makeError(
          ErrorCode.TemplateTooComplex,
          `Template could not be compiled: ${e instanceof Error ? e.message : String(e)}`,
          1,
          1,
        ),
      );
      return { source, run: () => undefined, errors };
    }
  };
  const compileSource = (source: string): CompiledTemplate =>
    cache.get(source, () => build(source));

  return {
    compile(source) {
      const template = compileSource(source);
      return { template, errors: [...template.errors] };
    },
    render(template, context, opts = {}) {
      const compiled = typeof template === 'string' ? compileSource(template) : template;
      const partials = opts.partials ?? {};
      const state = new RenderState(context, {
        locale: opts.locale ?? DEFAULT_LOCALE,
        now: opts.now ?? Date.now(),
        timeZone: usableZone(opts.timeZone ?? siteTimeZone(context) ?? DEFAULT_TIME_ZONE),
        injects: opts.injects ?? {},
        partial: (name) => {
          // Hashing a partial's source on every apply costs more than rendering it:
          // remember compiled partials per partials object.
          let known = partialCache.get(partials);
          if (!known) partialCache.set(partials, (known = new Map<string, CompiledTemplate>()));
          const src = Object.hasOwn(partials, name) ? partials[name] : undefined;
          if (typeof src !== 'string') return null;
          const hit = known.get(name);
          if (hit?.source === src) return hit;
          const compiled = compileSource(src);
          known.set(name, compiled);
          return compiled;
        },
        widgets: options.widgets,
        budgets,
        clock,
        depthLeaksOnRefusal: options.depthLeaksOnRefusal,
        scopeLeaksOnFormatterFailure: options.scopeLeaksOnFormatterFailure,
        zoneInScope: options.zoneFromScope === true ? zoneInScope : undefined,
      });
      try {
        compiled.run(state);
      } catch (e) {
        // Nothing escapes a render: budgets end it on purpose, anything else is a bug we still contain.
        const code = e instanceof BudgetExceeded ? e.code : ErrorCode.RenderFailed;
        const message = e instanceof Error ? e.message : String(e);
        state.errors.push(makeError(code, message, state.line, state.column));
      }
      if (opts.meter) opts.meter.steps += state.executed;
      return { output: state.out, errors: [...compiled.errors, ...state.errors] };
    },
  };
}
