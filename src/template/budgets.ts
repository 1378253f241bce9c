// Render budgets for untrusted merchant templates: each one, when exceeded, ends the
// render with a collected error instead of tying up the server.

export interface Budgets {
  /** Instructions executed per render (every tag, text run and loop iteration counts). */
  instructions: number;
  /** Characters of output per render. */
  outputSize: number;
  /** Wall-clock milliseconds per render. */
  wallTimeMs: number;
  /** Tokens per `{.eval}` expression (checked at compile time). */
  evalTokens: number;
  /** Characters per string literal in an `{.eval}` expression (checked at compile time). */
  evalStringLength: number;
}

export const DEFAULT_BUDGETS: Budgets = {
  instructions: 5_000_000,
  outputSize: 16 * 1024 * 1024,
  wallTimeMs: 2_000,
  evalTokens: 1_000,
  evalStringLength: 10_000,
};

/** Thrown inside the renderer only, caught by `render`, never seen by the host. */
export class BudgetExceeded extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
