/**
 * The visitor's answer to the cookie banner, kept in local storage (a cookie would be one more
 * cookie to ask about). The banner island writes it and announces the change; the analytics
 * client reads it and follows it on the same page. It imports nothing, so the banner island and
 * the analytics share only this small module.
 */
import type { Consent } from './gating.ts';

export const CONSENT_STORAGE_KEY = 'vitrine.cookieConsent';
/** window CustomEvent with detail { consent: 'accepted' | 'declined' }. */
export const CONSENT_EVENT = 'vitrine:cookie-consent';

export function readConsent(): Consent {
  try {
    const value = localStorage.getItem(CONSENT_STORAGE_KEY);
    return value === 'accepted' || value === 'declined' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function saveConsent(consent: 'accepted' | 'declined'): void {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, consent);
  } catch {
    // Unsaved, the banner asks again on the next page; the answer still holds for this one.
  }
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { consent } }));
}
