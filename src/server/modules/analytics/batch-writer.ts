/**
 * An in-process write buffer for telemetry rows. Requests only push rows (no database round
 * trip on the hot path); the buffer is written as multi-row INSERTs every `flushIntervalMs` or
 * as soon as `maxBatch` rows wait, one flush at a time. `close()` writes what is left, so rows a
 * request was told were accepted survive a SIGTERM.
 *
 * Backpressure (docs/behaviour/telemetry.md#backpressure): rows waiting or being written never
 * exceed what the writer, at the pace its recent writes showed, can store within
 * `drainBudgetMs`, the time a stop may spend writing them; nor `maxBuffered` (memory). Past that
 * `add` refuses (the route answers 503 with Retry-After) rather than accept rows a stop could
 * lose. Until a first write has succeeded the pace assumed is one batch per ASSUMED_BATCH_MS. A
 * failed write is retried on
 * the next flush, at most `maxAttempts` times, then dropped and counted: a poison row must not
 * block the rest.
 */
import { WriteRate } from './write-rate.ts';

/** The pace assumed before any write succeeded: slower than any batch measured (bench/README.md). */
const ASSUMED_BATCH_MS = 250;

/** Retry-After never says more than this: the beacon's page may be gone by then anyway. */
const MAX_RETRY_AFTER_S = 60;

export interface BatchWriterOptions<T> {
  readonly name: string;
  readonly flushIntervalMs: number;
  readonly maxBatch: number;
  readonly maxBuffered: number;
  /** How long writing every accepted row may take at a stop; unset: only maxBuffered bounds. */
  readonly drainBudgetMs?: number;
  /** Milliseconds of a monotonic clock (tests give their own). */
  readonly now?: () => number;
  readonly maxAttempts?: number;
  /** Writes one chunk of at most maxBatch rows; throws to have it retried. */
  readonly write: (rows: readonly T[]) => Promise<void>;
  readonly onError?: (
    error: unknown,
    context: { name: string; rows: number; dropped: boolean },
  ) => void;
}

export interface BatchWriterStats {
  readonly buffered: number;
  readonly written: number;
  readonly failedWrites: number;
  readonly dropped: number;
  readonly refused: number;
}

interface Pending<T> {
  readonly row: T;
  attempts: number;
}

export class BatchWriter<T> {
  readonly name: string;
  private readonly options: BatchWriterOptions<T>;
  private buffer: Pending<T>[] = [];
  /** Rows taken from the buffer by the running flush and not yet written or put back. */
  private inFlight = 0;
  private readonly rate: WriteRate;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** A flush queued behind the running one and not started yet: later calls share it. */
  private queued: Promise<void> | undefined;
  private closed = false;
  private counters = { written: 0, failedWrites: 0, dropped: 0, refused: 0 };

  constructor(options: BatchWriterOptions<T>) {
    this.options = options;
    this.name = options.name;
    this.rate = new WriteRate(
      options.now ?? (() => performance.now()),
      options.maxBatch / ASSUMED_BATCH_MS,
    );
  }

  /** Queues rows; false (nothing queued) when closed or when a stop could not write them all. */
  add(rows: readonly T[]): boolean {
    if (this.closed || this.buffer.length + this.inFlight + rows.length > this.capacity()) {
      this.counters.refused += rows.length;
      return false;
    }
    for (const row of rows) this.buffer.push({ row, attempts: 0 });
    if (this.buffer.length >= this.options.maxBatch) void this.flush();
    else this.schedule();
    return true;
  }

  /** Writes everything queued so far; resolves when those rows are stored (or dropped). */
  flush(): Promise<void> {
    this.clearTimer();
    // Under load every add past maxBatch asks for a flush while one is writing; one queued
    // flush takes all those rows at once, instead of one tiny INSERT per request.
    if (this.queued) return this.queued;
    const next = this.flushing.then(() => {
      this.queued = undefined;
      return this.writeQueued();
    });
    this.queued = next;
    this.flushing = next;
    return next;
  }

  /** Refuses new rows and writes the rest. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    // Rows put back by a failed last write get their remaining attempts now, not never.
    while (this.buffer.length > 0) await this.flush();
  }

  stats(): BatchWriterStats {
    return { buffered: this.buffer.length + this.inFlight, ...this.counters };
  }

  /** How many rows may wait or be in flight now (see the file comment). */
  capacity(): number {
    const { drainBudgetMs, maxBatch, maxBuffered } = this.options;
    if (drainBudgetMs === undefined) return maxBuffered;
    const drainable = Math.floor(this.rate.rowsPerMs() * drainBudgetMs);
    return Math.min(maxBuffered, Math.max(maxBatch, drainable));
  }

  /** Whole seconds until what waits now is written, at the current pace: a refusal's Retry-After. */
  retryAfterS(): number {
    const rowsPerMs = this.rate.rowsPerMs();
    const pending = this.buffer.length + this.inFlight;
    return Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(pending / rowsPerMs / 1000)));
  }

  private schedule(): void {
    if (this.timer !== undefined || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.options.flushIntervalMs);
    // A pending flush must not keep a finished process alive; close() writes what is left.
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async writeQueued(): Promise<void> {
    const taken = this.buffer;
    this.buffer = [];
    this.inFlight = taken.length;
    const failed: Pending<T>[] = [];
    for (let start = 0; start < taken.length; start += this.options.maxBatch) {
      const chunk = taken.slice(start, start + this.options.maxBatch);
      this.rate.start(chunk.length);
      try {
        await this.options.write(chunk.map((pending) => pending.row));
        this.rate.finish(true);
        this.counters.written += chunk.length;
        this.inFlight -= chunk.length;
      } catch (error) {
        this.rate.finish(false);
        this.counters.failedWrites += 1;
        const retry = chunk.filter(
          (pending) => ++pending.attempts < (this.options.maxAttempts ?? 3),
        );
        // Rows kept for a retry stay counted until they are back in the buffer.
        this.inFlight -= chunk.length - retry.length;
        this.counters.dropped += chunk.length - retry.length;
        failed.push(...retry);
        this.options.onError?.(error, {
          name: this.name,
          rows: chunk.length,
          dropped: retry.length < chunk.length,
        });
      }
    }
    if (failed.length > 0) {
      this.buffer = [...failed, ...this.buffer];
      this.inFlight -= failed.length;
      this.schedule();
    }
  }
}
