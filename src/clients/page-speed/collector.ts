/**
 * The page-speed collector (docs/behaviour/telemetry.md#page-speed-collector): on a page where the site turned it on, it asks
 * for settings, runs only with a page-load id and all four rollout flags, queues the page's record
 * when its metrics are in (or after the 60 s wait) — sending the same vitals as a v2 Performance
 * event then — and flushes the queue 30 s after load, on page hide and before unload. Its own errors go to the error reporter, else to console warnings.
 */
import { PERFORMANCE_FLUSH_DELAY_MS } from '../../shared/analytics/limits.ts';
import type { PageValues } from '../analytics/page-values.ts';
import { deliveryType, encodeRecords, sendRecords } from './delivery.ts';
import { collectMetrics } from './metrics.ts';
import { performanceEventContent, sendPerformanceEvent } from './performance-event.ts';
import { buildRecord } from './record.ts';
import { collectorEnabled, fetchSettings } from './settings.ts';

/** The application whose `<app>-app` rollout flag the collector needs. */
export const APP_NAME = 'website';
export const REPORT_ERROR_EVENT = 'vitrine:report-error';

/** To the error reporter (it cancels the event when it takes it), else a console warning. */
export function reportCollectorError(error: unknown): void {
  const event = new CustomEvent(REPORT_ERROR_EVENT, { cancelable: true, detail: { error } });
  if (window.dispatchEvent(event)) console.warn(error);
}

export async function startCollector(values: PageValues): Promise<void> {
  try {
    const settings = await fetchSettings();
    if (!settings || !collectorEnabled(settings.flags, APP_NAME)) return;
    const metrics = collectMetrics();
    const queue: string[] = [];
    let recorded = false;
    const queueRecord = () => {
      if (recorded) return;
      recorded = true;
      queue.push(JSON.stringify(buildRecord(settings.pageLoadId, values, metrics, deliveryType())));
      sendPerformanceEvent(performanceEventContent(settings.pageLoadId, values, metrics.timings));
    };
    const flush = () => {
      try {
        if (queue.length > 0) sendRecords(encodeRecords(queue.splice(0)), deliveryType());
      } catch (error) {
        reportCollectorError(error);
      }
    };
    const onLeave = () => {
      queueRecord();
      flush();
    };
    void metrics.whenComplete.then(queueRecord);
    addEventListener('pagehide', onLeave);
    addEventListener('beforeunload', onLeave);
    const scheduleFlush = () => setTimeout(flush, PERFORMANCE_FLUSH_DELAY_MS);
    if (document.readyState === 'complete') scheduleFlush();
    else addEventListener('load', scheduleFlush, { once: true });
  } catch (error) {
    reportCollectorError(error);
  }
}
