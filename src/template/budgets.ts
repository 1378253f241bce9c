// Render budgets for untrusted merchant templates: each one, when exceeded, ends the
// render with a collected error instead of tying up the server.

export interface Budgets {
  /** Instructions executed per render (every tag, text run and loop iteration counts). */
  instructions: number;
  /** Characters of output per render. */
  outputSize: number;
  /** Wall-clock milliseconds per render. */
  wallTimeMs: number;
}

export const DEFAULT_BUDGETS: Budgets = {
  instructions: 5_000_000,
  outputSize: 16 * 1024 * 1024,
  wallTimeMs: 2_000,
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
