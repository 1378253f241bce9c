/**
 * An in-process write buffer for telemetry rows. Requests only push rows (no database round
 * trip on the hot path); the buffer is written as multi-row INSERTs every `flushIntervalMs` or
 * as soon as `maxBatch` rows wait, one flush at a time. `close()` writes what is left, so rows a
 * request was told were accepted survive a SIGTERM.
 *
 * When the database falls behind and `maxBuffered` rows wait, `add` refuses (the route answers
 * 503) instead of growing memory without bound. A failed write is retried on the next flush, at
 * most `maxAttempts` times, then dropped and counted: a poison row must not block the rest.
 */

export interface BatchWriterOptions<T> {
  readonly name: string;
  readonly flushIntervalMs: number;
  readonly maxBatch: number;
  readonly maxBuffered: number;
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
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** A flush queued behind the running one and not started yet: later calls share it. */
  private queued: Promise<void> | undefined;
  private closed = false;
  private counters = { written: 0, failedWrites: 0, dropped: 0, refused: 0 };

  constructor(options: BatchWriterOptions<T>) {
    this.options = options;
    this.name = options.name;
  }

  /** Queues rows; false (nothing queued) when closed or when the buffer is full. */
  add(rows: readonly T[]): boolean {
    if (this.closed || this.buffer.length + rows.length > this.options.maxBuffered) {
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
    return { buffered: this.buffer.length, ...this.counters };
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
    const failed: Pending<T>[] = [];
    for (let start = 0; start < taken.length; start += this.options.maxBatch) {
      const chunk = taken.slice(start, start + this.options.maxBatch);
      try {
        await this.options.write(chunk.map((pending) => pending.row));
        this.counters.written += chunk.length;
      } catch (error) {
        this.counters.failedWrites += 1;
        const retry = chunk.filter(
          (pending) => ++pending.attempts < (this.options.maxAttempts ?? 3),
        );
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
      this.schedule();
    }
  }
}
