import { describe, expect, it, vi } from 'vitest';
import { BatchWriter } from './batch-writer.ts';

function writer(options: Partial<ConstructorParameters<typeof BatchWriter<number>>[0]> = {}) {
  const batches: number[][] = [];
  const instance = new BatchWriter<number>({
    name: 'test',
    flushIntervalMs: 50,
    maxBatch: 3,
    maxBuffered: 10,
    write: async (rows) => {
      batches.push([...rows]);
    },
    ...options,
  });
  return { instance, batches };
}

describe('BatchWriter', () => {
  it('writes nothing until the interval passes, then one multi-row batch', async () => {
    vi.useFakeTimers();
    try {
      const { instance, batches } = writer();
      instance.add([1]);
      instance.add([2]);
      expect(batches).toEqual([]);
      await vi.advanceTimersByTimeAsync(49);
      expect(batches).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(batches).toEqual([[1, 2]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('flushes as soon as maxBatch rows wait, in chunks of maxBatch', async () => {
    const { instance, batches } = writer();
    instance.add([1, 2, 3, 4, 5, 6, 7]);
    await instance.flush();
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(instance.stats()).toMatchObject({ buffered: 0, written: 7 });
  });

  it('refuses rows beyond maxBuffered instead of growing without bound', () => {
    const { instance } = writer({ maxBatch: 100 });
    expect(instance.add(Array.from({ length: 10 }, (_, i) => i))).toBe(true);
    expect(instance.add([11])).toBe(false);
    expect(instance.stats()).toMatchObject({ buffered: 10, refused: 1 });
  });

  it('close() writes what is left and refuses later rows', async () => {
    const { instance, batches } = writer({ flushIntervalMs: 60_000 });
    instance.add([1, 2]);
    await instance.close();
    expect(batches).toEqual([[1, 2]]);
    expect(instance.add([3])).toBe(false);
  });

  it('retries a failed write, then drops the rows after maxAttempts and reports it', async () => {
    let calls = 0;
    const errors: boolean[] = [];
    const { instance } = writer({
      maxAttempts: 2,
      write: async () => {
        calls += 1;
        throw new Error('database down');
      },
      onError: (_error, context) => errors.push(context.dropped),
    });
    instance.add([1]);
    await instance.flush();
    expect(instance.stats()).toMatchObject({ buffered: 1, failedWrites: 1, dropped: 0 });
    await instance.flush();
    expect(instance.stats()).toMatchObject({ buffered: 0, failedWrites: 2, dropped: 1 });
    expect(calls).toBe(2);
    expect(errors).toEqual([false, true]);
  });

  it('a write that recovers keeps the retried rows first', async () => {
    let fail = true;
    const written: number[][] = [];
    const { instance } = writer({
      write: async (rows) => {
        if (fail) throw new Error('blip');
        written.push([...rows]);
      },
    });
    instance.add([1]);
    await instance.flush();
    fail = false;
    instance.add([2]);
    await instance.flush();
    expect(written).toEqual([[1, 2]]);
  });

  it('rows arriving during a slow write go out together in full batches, not one INSERT each', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => undefined;
    const writing = new Promise<void>((resolve) => (started = resolve));
    const batches: number[] = [];
    const instance = new BatchWriter<number>({
      name: 'slow',
      flushIntervalMs: 60_000,
      maxBatch: 3,
      maxBuffered: 1000,
      write: async (rows) => {
        batches.push(rows.length);
        if (batches.length === 1) {
          started();
          await gate;
        }
      },
    });
    instance.add([1, 2, 3]);
    await writing;
    // 30 requests of one row each while the first batch is still being written.
    for (let index = 0; index < 30; index += 1) instance.add([index]);
    release();
    await instance.flush();
    expect(batches).toEqual([3, ...Array.from({ length: 10 }, () => 3)]);
  });

  describe('bounded by what a stop can write within drainBudgetMs', () => {
    /** A writer on a clock the test moves: each write of n rows takes `msPerRow` × n. */
    function paced(msPerRow: number, budgetMs: number) {
      let clock = 0;
      const instance = new BatchWriter<number>({
        name: 'paced',
        flushIntervalMs: 60_000,
        maxBatch: 10,
        maxBuffered: 100_000,
        drainBudgetMs: budgetMs,
        now: () => clock,
        write: async (rows) => {
          clock += rows.length * msPerRow;
        },
      });
      return { instance, advance: (ms: number) => (clock += ms) };
    }

    it('before any write, assumes one batch per quarter second', () => {
      // 10 rows per 250 ms, 1,000 ms of budget: 40 rows.
      const { instance } = paced(1, 1000);
      expect(instance.capacity()).toBe(40);
      expect(instance.add(Array.from({ length: 9 }, (_, i) => i))).toBe(true);
    });

    it('follows the measured pace: a fast writer accepts more, a slow one less', async () => {
      const fast = paced(0.1, 1000);
      fast.instance.add(Array.from({ length: 10 }, (_, i) => i));
      await fast.instance.flush();
      expect(fast.instance.capacity()).toBe(10_000);

      const slow = paced(10, 1000);
      slow.instance.add(Array.from({ length: 10 }, (_, i) => i));
      await slow.instance.flush();
      expect(slow.instance.capacity()).toBe(100);
      expect(slow.instance.add(Array.from({ length: 100 }, (_, i) => i))).toBe(true);
      expect(slow.instance.add([1])).toBe(false);
      expect(slow.instance.stats()).toMatchObject({ buffered: 100, refused: 1 });
      // 100 rows at 10 ms each: a second.
      expect(slow.instance.retryAfterS()).toBe(1);
    });

    it('a write that stalls lowers the bound while it runs, down to one batch', async () => {
      let clock = 0;
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started: () => void = () => undefined;
      const writing = new Promise<void>((resolve) => (started = resolve));
      let calls = 0;
      const instance = new BatchWriter<number>({
        name: 'stalling',
        flushIntervalMs: 60_000,
        maxBatch: 10,
        maxBuffered: 100_000,
        drainBudgetMs: 1000,
        now: () => clock,
        write: async (rows) => {
          calls += 1;
          clock += rows.length;
          if (calls === 2) {
            started();
            await gate;
          }
        },
      });
      instance.add(Array.from({ length: 10 }, (_, i) => i));
      await instance.flush();
      expect(instance.capacity()).toBe(1000);
      instance.add(Array.from({ length: 10 }, (_, i) => i));
      const stalled = instance.flush();
      await writing;
      clock += 9_990;
      // 10 rows in flight for 10 s: 1 row a second, 1 row in the budget; one batch still may wait.
      expect(instance.capacity()).toBe(10);
      expect(instance.add([1])).toBe(false);
      expect(instance.retryAfterS()).toBe(10);
      release();
      await stalled;
      expect(instance.stats()).toMatchObject({ written: 20, refused: 1 });
    });
  });
});
