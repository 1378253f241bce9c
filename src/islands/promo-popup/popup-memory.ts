/**
 * What the promotional popup (page type 104) remembers in local storage: the day it was closed,
 * the settings version it was closed or submitted under, and whether it was submitted. A closed
 * popup comes back after its waiting days, or at once when the merchant raises its version; a
 * submitted one (signed up, or its link followed) never comes back: that visitor has answered.
 * The keys are date-closed, version and submitted, prefixed with 'promo-popup:' because the
 * site's origin storage is shared with the merchant's own scripts, where a bare 'version' or
 * 'submitted' could be anyone's (docs/adr/008-spec-deviations.md).
 */

export const DATE_CLOSED_KEY = 'promo-popup:date-closed';
export const VERSION_KEY = 'promo-popup:version';
export const SUBMITTED_KEY = 'promo-popup:submitted';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PopupMemory {
  readonly dateClosed: number | null;
  readonly version: string | null;
  readonly submitted: boolean;
}

export interface PopupTiming {
  readonly version: string;
  /** Days a closed popup stays away; 0 shows it again on the next page. */
  readonly reshowAfterDays: number;
}

export function readPopupMemory(storage: Storage): PopupMemory {
  const closed = Number(storage.getItem(DATE_CLOSED_KEY));
  return {
    dateClosed: closed > 0 ? closed : null,
    version: storage.getItem(VERSION_KEY),
    submitted: storage.getItem(SUBMITTED_KEY) === 'true',
  };
}

export function shouldShowPopup(timing: PopupTiming, memory: PopupMemory, now: number): boolean {
  if (memory.submitted) return false;
  if (memory.dateClosed === null || memory.version !== timing.version) return true;
  return now - memory.dateClosed >= timing.reshowAfterDays * DAY_MS;
}

export function rememberClosed(storage: Storage, version: string, now: number): void {
  storage.setItem(DATE_CLOSED_KEY, String(now));
  storage.setItem(VERSION_KEY, version);
}

export function rememberSubmitted(storage: Storage, version: string): void {
  storage.setItem(SUBMITTED_KEY, 'true');
  storage.setItem(VERSION_KEY, version);
}
