/**
 * The running analytics of this page (its values and the visitor's ids), set by the analytics
 * entry and read by the commerce entry, which page-scripts.ts links after it on commerce pages.
 * Both import this module from one shared chunk, so they see the same instance.
 */
import type { Identity } from './identity.ts';
import type { PageValues } from './page-values.ts';

export interface AnalyticsState {
  readonly values: PageValues;
  readonly identity: Identity;
}

let current: AnalyticsState | undefined;

export function setAnalyticsState(state: AnalyticsState): void {
  current = state;
}

/** Undefined when this page records no analytics (gated off, or no page values). */
export function analyticsState(): AnalyticsState | undefined {
  return current;
}
