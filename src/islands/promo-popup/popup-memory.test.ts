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

  it('never shows a submitted popup again, until its version changes', () => {
    rememberSubmitted(localStorage, 'v2');
    expect(localStorage.getItem(SUBMITTED_KEY)).toBe('true');
    const memory = readPopupMemory(localStorage);
    expect(shouldShowPopup(timing, memory, 100 * DAY)).toBe(false);
    expect(shouldShowPopup({ ...timing, version: 'v3' }, memory, 0)).toBe(true);
  });
});
