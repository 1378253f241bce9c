/**
 * Sends queued page-speed records (docs/behaviour/telemetry.md#performance-calls): POST /api/1/performance/records with a JSON
 * array of encoded records (each the record's JSON text) as plain text, by beacon, falling back
 * to XHR when the beacon is refused; older iOS WebKit (before iOS 13), whose beacons are lost,
 * uses XHR only. Empty encoded data is an error (docs/behaviour/telemetry.md#performance-calls).
 */
export const RECORDS_PATH = '/api/1/performance/records';
export const EMPTY_DATA_MESSAGE = 'empty encoded data';

export type DeliveryType = 'beacon' | 'xhr';

/** iPhone, iPad or iPod on iOS 12 or older. */
export function isOldIosWebKit(userAgent: string): boolean {
  const match = /(iPhone|iPad|iPod).* OS (\d+)_/.exec(userAgent);
  return match !== null && Number(match[2]) < 13;
}

/** How the next send goes: beacon where it works, else XHR. */
export function deliveryType(): DeliveryType {
  return typeof navigator.sendBeacon === 'function' && !isOldIosWebKit(navigator.userAgent)
    ? 'beacon'
    : 'xhr';
}

/** The request body: the JSON array of encoded records. */
export function encodeRecords(encoded: readonly string[]): string {
  if (encoded.length === 0 || encoded.some((record) => record === ''))
    throw new Error(EMPTY_DATA_MESSAGE);
  return JSON.stringify(encoded);
}

export function sendRecords(body: string, type: DeliveryType): void {
  if (type === 'beacon' && navigator.sendBeacon(RECORDS_PATH, body)) return;
  const xhr = new XMLHttpRequest();
  xhr.open('POST', RECORDS_PATH);
  xhr.setRequestHeader('content-type', 'text/plain;charset=UTF-8');
  xhr.send(body);
}
