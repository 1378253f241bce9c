/**
 * How fast a batch writer stores rows, from the writes it has finished: rows and milliseconds
 * summed with older writes decaying, so the estimate follows the database's current pace within
 * a few batches and a large batch counts for more than a one-row flush (a batch costs mostly
 * per row once it is large; a tiny one is mostly fixed cost and says little about a backlog).
 *
 * Until a write has succeeded the pace is an assumption given by the writer (a batch per quarter
 * second: slower than any batch measured so far, so a burst at start-up is not over-accepted).
 * A write still running counts too: when it has taken longer than the estimate allows, the
 * estimate drops to what that write has shown so far, so a stalled database lowers the bound
 * at once instead of after the stall (docs/behaviour/telemetry.md#backpressure).
 */

/** Weight of the previous estimate at each finished write. */
const DECAY = 0.7;

export class WriteRate {
  private rows = 0;
  private ms = 0;
  private running: { rows: number; startedAt: number } | undefined;

  constructor(
    private readonly now: () => number,
    private readonly assumedRowsPerMs: number,
  ) {}

  /** A write of `rows` starts now. */
  start(rows: number): void {
    this.running = { rows, startedAt: this.now() };
  }

  /** The running write ended; `stored` when it succeeded (a failure says nothing of the pace). */
  finish(stored: boolean): void {
    const running = this.running;
    this.running = undefined;
    if (!running || !stored) return;
    this.rows = this.rows * DECAY + running.rows;
    this.ms = this.ms * DECAY + Math.max(this.now() - running.startedAt, 0.001);
  }

  /** Rows stored per millisecond. */
  rowsPerMs(): number {
    const measured = this.ms === 0 ? this.assumedRowsPerMs : this.rows / this.ms;
    if (!this.running) return measured;
    const elapsed = this.now() - this.running.startedAt;
    return elapsed > 0 ? Math.min(measured, this.running.rows / elapsed) : measured;
  }
}
