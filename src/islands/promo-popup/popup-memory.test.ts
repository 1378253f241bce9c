// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DATE_CLOSED_KEY,
  readPopupMemory,
  rememberClosed,
  rememberSubmitted,
  shouldShowPopup,
  SUBMITTED_KEY,
  VERSION_KEY,
} from './popup-memory.ts';

const DAY = 24 * 60 * 60 * 1000;
const timing = { version: 'v2', reshowAfterDays: 7 };

beforeEach(() => {
  localStorage.clear();
});

describe('promotional popup memory', () => {
  it("keeps the three keys date-closed, version and submitted under the site's popup prefix", () => {
    // The prefix is a recorded deviation (docs/adr/008-spec-deviations.md).
    expect([DATE_CLOSED_KEY, VERSION_KEY, SUBMITTED_KEY]).toEqual([
      'promo-popup:date-closed',
      'promo-popup:version',
      'promo-popup:submitted',
    ]);
    rememberClosed(localStorage, 'v1', 5);
    rememberSubmitted(localStorage, 'v1');
    expect(Object.keys(localStorage).sort()).toEqual([
      'promo-popup:date-closed',
      'promo-popup:submitted',
      'promo-popup:version',
    ]);
  });

  it('shows to a visitor who never answered', () => {
    expect(shouldShowPopup(timing, readPopupMemory(localStorage), 0)).toBe(true);
  });

  it('remembers closing under date-closed and version, and shows again after the waiting days', () => {
    rememberClosed(localStorage, 'v2', 1000);
    expect(localStorage.getItem(DATE_CLOSED_KEY)).toBe('1000');
    expect(localStorage.getItem(VERSION_KEY)).toBe('v2');
    const memory = readPopupMemory(localStorage);
    expect(shouldShowPopup(timing, memory, 1000 + 7 * DAY - 1)).toBe(false);
    expect(shouldShowPopup(timing, memory, 1000 + 7 * DAY)).toBe(true);
  });

  it('shows a closed popup again at once when the merchant raises its version', () => {
    rememberClosed(localStorage, 'v2', 1000);
    const memory = readPopupMemory(localStorage);
    expect(shouldShowPopup({ ...timing, version: 'v3' }, memory, 1001)).toBe(true);
  });

  it('never shows a submitted popup again, whatever its version', () => {
    rememberSubmitted(localStorage, 'v2');
    expect(localStorage.getItem(SUBMITTED_KEY)).toBe('true');
    rememberClosed(localStorage, 'v2', 1000);
    const memory = readPopupMemory(localStorage);
    expect(memory.submitted).toBe(true);
    expect(shouldShowPopup(timing, memory, 100 * DAY)).toBe(false);
    expect(shouldShowPopup({ ...timing, version: 'v3' }, memory, 100 * DAY)).toBe(false);
  });

  it('shows again on the next page when the waiting days are 0', () => {
    rememberClosed(localStorage, 'v2', 1000);
    expect(
      shouldShowPopup({ ...timing, reshowAfterDays: 0 }, readPopupMemory(localStorage), 1000),
    ).toBe(true);
  });

  it('reads an unreadable date-closed as never closed', () => {
    localStorage.setItem(DATE_CLOSED_KEY, 'yesterday');
    expect(readPopupMemory(localStorage).dateClosed).toBeNull();
  });
});
