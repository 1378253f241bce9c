// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from './testing/fake-xhr.ts';
import {
  collectorEnabled,
  fetchSettings,
  MISSING_PAGE_LOAD_ID_MESSAGE,
  SETTINGS_TIMEOUT_MESSAGE,
  unexpectedStatusMessage,
} from './settings.ts';

beforeEach(() => {
  FakeXhr.made.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const request = () => {
  const xhr = FakeXhr.made[0];
  if (!xhr) throw new Error('no request made');
  return xhr;
};

describe('page-speed settings (docs/behaviour/telemetry.md#page-speed-collector)', () => {
  it('GETs the settings with a 30 s time-out and answers the page-load id and flags', async () => {
    const settings = fetchSettings();
    expect(request()).toMatchObject({
      method: 'GET',
      url: '/api/1/performance/settings',
      timeout: 30_000,
    });
    request().answer(200, { pageLoadId: 'pl-1', rum: true, 'website-app': true });
    await expect(settings).resolves.toEqual({
      pageLoadId: 'pl-1',
      flags: { rum: true, 'website-app': true },
    });
  });

  it("fails with 'Metric settings request timeout' on time-out", async () => {
    const settings = fetchSettings();
    request().ontimeout?.();
    await expect(settings).rejects.toThrow(SETTINGS_TIMEOUT_MESSAGE);
    expect(SETTINGS_TIMEOUT_MESSAGE).toBe('Metric settings request timeout');
  });

  it('fails on a status other than 200 and 0; status 0 ends quietly', async () => {
    const failed = fetchSettings();
    request().answer(500, 'oops');
    await expect(failed).rejects.toThrow(unexpectedStatusMessage(500));
    expect(unexpectedStatusMessage(500)).toMatch(/finished with an unexpected status: 500$/);
    FakeXhr.made.length = 0;
    const aborted = fetchSettings();
    request().answer(0, '');
    await expect(aborted).resolves.toBeUndefined();
  });

  it('fails when the answer has no page-load id', async () => {
    const settings = fetchSettings();
    request().answer(200, { rum: true });
    await expect(settings).rejects.toThrow(MISSING_PAGE_LOAD_ID_MESSAGE);
  });

  it('runs only with rum, <app>-app, track-page-speed and track-user-timing all true', () => {
    const all = {
      rum: true,
      'website-app': true,
      'track-page-speed': true,
      'track-user-timing': true,
    };
    expect(collectorEnabled(all, 'website')).toBe(true);
    expect(collectorEnabled(all, 'commerce')).toBe(false);
    for (const flag of Object.keys(all))
      expect(collectorEnabled({ ...all, [flag]: false }, 'website')).toBe(false);
    expect(collectorEnabled({}, 'website')).toBe(false);
  });
});
