/**
 * The page's vitals as a v2 `Performance` event (POST /api/v1/clanker/events, form fields
 * eventContent and eventSchemaName), sent once with the page's record: the schema's fixed
 * fields (action load, actor user, owner team web_performance, source web, object type
 * website), the page-load id and the vitals measured so far. By beacon, else a keep-alive
 * fetch; failures are swallowed like every analytics call.
 */
import type { PageValues } from '../analytics/page-values.ts';
import type { Timings } from './metrics.ts';

/** The analytics client's v2 path too; written out so this bundle stays apart from it. */
export const V2_EVENTS_PATH = '/api/v1/clanker/events';
export const PERFORMANCE_SCHEMA = 'Performance';

export function performanceEventContent(
  pageLoadId: string,
  values: PageValues,
  timings: Timings,
): Record<string, unknown> {
  return {
    action: 'load',
    actor: 'user',
    owner_team: 'web_performance',
    source: 'web',
    object_type: 'website',
    schema_name: PERFORMANCE_SCHEMA,
    page_load_id: pageLoadId,
    page_type: values.pageType,
    website_id: values.websiteId,
    website_locale: values.locale,
    page_host: location.hostname,
    page_path: location.pathname,
    timestamp: Date.now(),
    largest_contentful_paint: timings.largestContentfulPaint,
    first_contentful_paint: timings.firstContentfulPaint,
    interaction_to_next_paint: timings.interactionToNextPaint,
    time_to_first_byte: timings.responseStart,
    cumulative_layout_shift: timings.layoutShift,
  };
}

export function sendPerformanceEvent(content: Record<string, unknown>): void {
  const form = new URLSearchParams({
    eventContent: JSON.stringify(content),
    eventSchemaName: PERFORMANCE_SCHEMA,
  });
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(V2_EVENTS_PATH, form))
      return;
    void fetch(V2_EVENTS_PATH, { method: 'POST', body: form, keepalive: true }).catch(
      () => undefined,
    );
  } catch {
    // Analytics never disturbs the page.
  }
}
