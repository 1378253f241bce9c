// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deliveryType,
  EMPTY_DATA_MESSAGE,
  encodeRecords,
  isOldIosWebKit,
  RECORDS_PATH,
  sendRecords,
} from './delivery.ts';
import { FakeXhr } from './testing/fake-xhr.ts';

beforeEach(() => {
  FakeXhr.made.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sending page-speed records (docs/behaviour/telemetry.md#performance-calls)', () => {
  it('encodes a JSON array of encoded records; empty encoded data throws', () => {
    expect(encodeRecords(['{"a":1}'])).toBe('["{\\"a\\":1}"]');
    expect(() => encodeRecords([])).toThrow(EMPTY_DATA_MESSAGE);
    expect(() => encodeRecords([''])).toThrow(EMPTY_DATA_MESSAGE);
  });

  it('sends by beacon, and by XHR as plain text when the beacon is refused', () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: beacon });
    sendRecords('[]', 'beacon');
    expect(beacon).toHaveBeenCalledWith(RECORDS_PATH, '[]');
    expect(FakeXhr.made).toEqual([]);
    beacon.mockReturnValue(false);
    sendRecords('["x"]', 'beacon');
    expect(FakeXhr.made[0]).toMatchObject({
      method: 'POST',
      url: RECORDS_PATH,
      body: '["x"]',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
  });

  it('uses XHR only on iOS WebKit before 13', () => {
    expect(
      isOldIosWebKit('Mozilla/5.0 (iPhone; CPU iPhone OS 12_4 like Mac OS X) AppleWebKit/605'),
    ).toBe(true);
    expect(isOldIosWebKit('Mozilla/5.0 (iPad; CPU OS 13_2 like Mac OS X) AppleWebKit/605')).toBe(
      false,
    );
    expect(isOldIosWebKit('Mozilla/5.0 (X11; Linux x86_64) Chrome/143')).toBe(false);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => true });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 12_4 like Mac OS X) AppleWebKit/605',
    );
    expect(deliveryType()).toBe('xhr');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 Chrome/143');
    expect(deliveryType()).toBe('beacon');
  });
});
