// The plugin interface for formatters and predicates. Plugin families live in
// src/template/plugins/<family>/ and each exports a FormatterTable and/or a
// PredicateTable; the engine merges the families, then the host's own tables.

/** One collected template error: errors never throw out of the engine. */
export interface TemplateError {
  code: string;
  message: string;
  line: number;
  column: number;
}

/**
 * What a plugin may see and do while a template renders. The engine builds one per
 * formatter/predicate call site, so plugins stay pure functions of (value, args, env).
 */
export interface PluginEnv {
  /** Resolve a dotted path (`foo.bar`, `@`, `@.id`, `@index`, `@var.x`) against the current scope. */
  resolve(path: string): unknown;
  /**
   * Resolve a path in the scope where the tag itself sits. In a variable tag, `resolve`
   * sees the formatter input as `@`; message arguments read the enclosing scope instead.
   */
  resolveOuter(path: string): unknown;
  /** The current scope's node (the value `@` refers to). */
  readonly node: unknown;
  /** The root of the template data. */
  readonly root: unknown;
  /** Every variable of a multi-variable tag (`{start,end|datetime-interval}`); the first is the formatter input. */
  readonly values: readonly unknown[];
  /** BCP 47 locale for i18n formatters; `none` means no locale data. */
  readonly locale: string;
  /** The fixed clock in epoch milliseconds (timesince, relative-time). */
  readonly now: number;
  /** IANA zone: the render option, else website.timeZone, else America/New_York. */
  readonly timeZone: string;
  /**
   * Remembers a value derived from `key` for the rest of this render only (template data
   * may change between renders), e.g. a product's derived state used by several tags.
   */
  memo<T>(key: object, name: string, compute: () => T): T;
  /** Record an error at the call site without stopping the render. */
  error(code: string, message: string): void;
  /** Render a widget through the host-supplied renderer; undefined when the host does not know it. */
  widget(name: string, node: unknown, args: readonly string[]): string | undefined;
  /**
   * Render a macro or partial with `node` as its scope (used by `|apply`). `isolated`
   * hides the caller's scope from the partial; `args` are the key=value arguments
   * exposed as `@args`.
   */
  apply(
    name: string,
    node: unknown,
    isolated: boolean,
    args: Record<string, string> | null,
  ): string;
}

/**
 * A formatter transforms the value of a variable tag; its result feeds the next
 * formatter of the chain, and the last result is printed (strings as is, numbers and
 * booleans as JavaScript prints them, arrays comma-joined, anything else empty).
 */
export interface Formatter {
  (value: unknown, args: readonly string[], env: PluginEnv): unknown;
  /** Optional compile-time check of the arguments; a returned message becomes an error. */
  validateArgs?: (args: readonly string[]) => string | null;
  /**
   * True when the result depends only on the value and the arguments (no `env` use):
   * the engine then skips setting up the formatter scope.
   */
  pure?: boolean;
}

/** A predicate decides whether a `{.name? args}` block renders. */
export interface Predicate {
  (node: unknown, args: readonly string[], env: PluginEnv): boolean;
}

export type FormatterTable = Readonly<Record<string, Formatter>>;
export type PredicateTable = Readonly<Record<string, Predicate>>;

/**
 * The host-supplied widget renderer (React islands live outside src/template).
 * Returns HTML, or undefined for a widget the host does not know (empty output).
 */
export type WidgetRenderer = (
  name: string,
  node: unknown,
  args: string[],
  ctx: { root: unknown },
) => string | undefined;

/** A plugin family: a named pair of tables. */
export interface PluginFamily {
  name: string;
  formatters: FormatterTable;
  predicates: PredicateTable;
}
