// Render budgets for untrusted merchant templates: each one, when exceeded, ends the
// render with a collected error instead of tying up the server.

export interface Budgets {
  /** Instructions executed per render (every tag, text run and loop iteration counts). */
  instructions: number;
  /** Characters of output per render. */
  outputSize: number;
  /** Wall-clock milliseconds per render (checked every TIME_CHECK_INTERVAL instructions). */
  wallTimeMs: number;
  /**
   * Characters of one value built while rendering: a string grown by `{.eval}` concatenation,
   * or the output of a macro or partial captured by `|apply` into a value.
   */
  valueSize: number;
  /** Tokens per `{.eval}` expression (checked at compile time). */
  evalTokens: number;
  /** Characters per string literal in an `{.eval}` expression (checked at compile time). */
  evalStringLength: number;
}

export const DEFAULT_BUDGETS: Budgets = {
  instructions: 5_000_000,
  outputSize: 16 * 1024 * 1024,
  wallTimeMs: 2_000,
  valueSize: 1024 * 1024,
  evalTokens: 1_000,
  evalStringLength: 10_000,
};

/**
 * Instructions between two looks at the clock: few enough that even costly instructions
 * (formatters on large values, partials) cannot run far past the wall budget, cheap either way.
 */
export const TIME_CHECK_INTERVAL = 32;

/** Thrown inside the renderer only, caught by `render`, never seen by the host. */
export class BudgetExceeded extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
