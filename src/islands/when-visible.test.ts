// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenVisible } from './when-visible.ts';

/** A stand-in observer that records what it watches and lets the test report intersections. */
class FakeObserver {
  static last: FakeObserver | undefined;
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe(target: Element): void {
    this.observed.push(target);
  }
  disconnect(): void {
    this.disconnected = true;
  }
  report(target: Element, isIntersecting: boolean): void {
    this.callback(
      [{ target, isIntersecting } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

function island(html: string): HTMLElement {
  const element = document.createElement('vitrine-island');
  element.style.display = 'contents';
  element.innerHTML = html;
  document.body.append(element);
  return element;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('whenVisible', () => {
  it('watches the children of the box-less island element and runs once one shows', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const element = island('<section>Reviews</section><button>More</button>');
    const run = vi.fn();
    whenVisible(element, run);
    const observer = FakeObserver.last;
    expect(observer?.observed).toEqual([...element.children]);
    observer?.report(element.children[0] as Element, false);
    expect(run).not.toHaveBeenCalled();
    observer?.report(element.children[1] as Element, true);
    expect(run).toHaveBeenCalledTimes(1);
    expect(observer?.disconnected).toBe(true);
  });

  it('runs at once when there is nothing to watch, or no observer in the browser', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const empty = vi.fn();
    whenVisible(island('just text'), empty);
    expect(empty).toHaveBeenCalledTimes(1);
    vi.stubGlobal('IntersectionObserver', undefined);
    const old = vi.fn();
    whenVisible(island('<p>x</p>'), old);
    expect(old).toHaveBeenCalledTimes(1);
  });
});
