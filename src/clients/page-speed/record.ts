/**
 * A page-speed record (docs/behaviour/telemetry.md#page-speed-records): context, identity, delivery,
 * connection, display, hardware, collector version, timings and rum-* user timings. The
 * navigation entry gives the network and document timings; metrics.ts gives the rest.
 */
import type { PageSpeedRecord } from '../../shared/analytics/page-speed-record.ts';
import { readCookie, type PageValues } from '../analytics/page-values.ts';
import type { DeliveryType } from './delivery.ts';
import type { Timings, UserTiming } from './metrics.ts';

export const COLLECTOR_VERSION = '1.0.0';

interface NetworkInformation {
  readonly downlink?: number;
  readonly effectiveType?: string;
  readonly rtt?: number;
  readonly saveData?: boolean;
}

const span = (from: number, to: number): number | undefined =>
  from > 0 && to >= from ? Math.min(3_600_000, Math.round(to - from)) : undefined;
const at = (time: number): number | undefined =>
  time > 0 ? Math.min(3_600_000, Math.round(time)) : undefined;

/** The document and network timings of the navigation entry. */
export function navigationTimings(entry: PerformanceNavigationTiming | undefined): Timings {
  if (!entry) return {};
  return {
    decodedBodySize: entry.decodedBodySize,
    encodedBodySize: entry.encodedBodySize,
    domContentLoadedEventStart: at(entry.domContentLoadedEventStart),
    domContentLoadedEventEnd: at(entry.domContentLoadedEventEnd),
    domainLookup: span(entry.domainLookupStart, entry.domainLookupEnd),
    tcpConnection: span(entry.connectStart, entry.connectEnd),
    tlsNegotiation: span(entry.secureConnectionStart, entry.connectEnd),
    loadEventStart: at(entry.loadEventStart),
    loadEventEnd: at(entry.loadEventEnd),
  };
}

export function buildRecord(
  pageLoadId: string,
  values: PageValues,
  metrics: { readonly timings: Timings; readonly userTimings: readonly UserTiming[] },
  delivery: DeliveryType,
): PageSpeedRecord {
  const connection = (navigator as { connection?: NetworkInformation }).connection;
  const memory = (navigator as { deviceMemory?: number }).deviceMemory;
  const navigation = performance.getEntriesByType('navigation')[0];
  return {
    pageLoadId,
    context: {
      websiteId: values.websiteId,
      pageType: values.pageType,
      templateId: values.templateId,
      language: values.locale,
      timeZone: values.timeZone,
      platform: navigator.platform,
      createdOn: Date.now(),
      inFrame: window.top !== window,
      hstsEnabled: location.protocol === 'https:',
      cloneable: values.cloneable,
    },
    identity: {
      analyticsId: readCookie('ss_cid'),
      hostName: location.hostname,
      path: location.pathname,
      hash: location.hash || undefined,
    },
    deliveryType: delivery,
    connection: connection && {
      downlink: connection.downlink,
      effectiveType: connection.effectiveType,
      rtt: connection.rtt,
      saveData: connection.saveData,
    },
    display: {
      pixelRatio: devicePixelRatio,
      screenWidth: screen.width,
      screenHeight: screen.height,
      viewportWidth: innerWidth,
      viewportHeight: innerHeight,
    },
    hardware: { deviceMemory: memory, cpuCores: navigator.hardwareConcurrency },
    collectorVersion: COLLECTOR_VERSION,
    timings: { ...navigationTimings(navigation), ...metrics.timings },
    userTimings: [...metrics.userTimings],
  };
}
