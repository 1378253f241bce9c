// Render budgets for untrusted merchant templates: each one, when exceeded, ends the
// render with a collected error instead of tying up the server.

export interface Budgets {
  /**
   * Work steps per render: every tag, text run and loop iteration is one step, and every
   * WORK_UNIT characters printed or built into a value one more. This is the budget that
   * stops hostile templates; the wall budget is only a last-resort net.
   */
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
  // Demo store pages spend at most ~1,500 steps (measured over every page the site tests
  // render); hostile shapes reach this within tens of milliseconds.
  instructions: 100_000,
  outputSize: 16 * 1024 * 1024,
  wallTimeMs: 2_000,
  valueSize: 1024 * 1024,
  evalTokens: 1_000,
  evalStringLength: 10_000,
};

/** The steps one collected template error costs. */
export const ERROR_STEPS = 16;

/** Characters that cost one work step when printed or built: 2^WORK_UNIT_SHIFT. */
export const WORK_UNIT_SHIFT = 6;
export const WORK_UNIT = 1 << WORK_UNIT_SHIFT;

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
