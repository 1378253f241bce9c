/**
 * A fake PerformanceObserver for the collector's tests: observers register by entry type and the
 * test delivers entries to them.
 */
type Callback = (list: { getEntries(): PerformanceEntry[] }) => void;

export class FakePerformanceObserver {
  static readonly observers = new Map<string, Callback[]>();

  constructor(private readonly callback: Callback) {}

  observe(options: { type: string }): void {
    const list = FakePerformanceObserver.observers.get(options.type) ?? [];
    list.push(this.callback);
    FakePerformanceObserver.observers.set(options.type, list);
  }

  disconnect(): void {}

  static deliver(type: string, entries: readonly Partial<PerformanceEntry>[]): void {
    for (const callback of FakePerformanceObserver.observers.get(type) ?? [])
      callback({ getEntries: () => entries as PerformanceEntry[] });
  }
}
