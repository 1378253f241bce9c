/**
 * A ResizeObserver for component tests (happy-dom lays nothing out) that reports every observed
 * element as `width` CSS pixels wide, so a chart that draws itself at its box's width can be
 * rendered narrow or wide. Undo with `vi.unstubAllGlobals()`.
 */
import { vi } from 'vitest';

export function stubBoxWidth(width: number): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(target: Element) {
        this.report([{ target, contentRect: { width } } as unknown as ResizeObserverEntry], this);
      }
      disconnect() {}
      unobserve() {}
    },
  );
}
