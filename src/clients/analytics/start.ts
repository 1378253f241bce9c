/**
 * Starts the visitor analytics of a page (index.ts is the bundle's entry). It records nothing
 * unless the page's gates allow it (gating.ts); under cookie restriction it clears the tracking
 * cookies and uses page-only ids, and it follows the cookie banner's answer at once. The
 * commerce events are a bundle of their own (commerce-entry.ts) that reads the state set here.
 */
import { recordHit } from './census.ts';
import { CONSENT_EVENT, readConsent } from './consent.ts';
import { analyticsAllowed, cookiesRestricted, pageViewRecorded, type Consent } from './gating.ts';
import { clearTrackingCookies, establishIdentity, pageOnlyIdentity } from './identity.ts';
import { trackPageEvents } from './page-events.ts';
import type { PageValues } from './page-values.ts';
import { setAnalyticsState } from './state.ts';

export function startAnalytics(values: PageValues): void {
  const path = location.pathname;
  if (!analyticsAllowed(values, path)) return;
  const restricted = cookiesRestricted(values, readConsent());
  if (restricted) clearTrackingCookies();
  const identity = restricted ? pageOnlyIdentity() : establishIdentity();
  if (pageViewRecorded(values, path)) void recordHit(values, identity.visitorId);
  trackPageEvents(values, identity.visitorId);

  setAnalyticsState({ values, identity });

  window.addEventListener(CONSENT_EVENT, (event) => {
    const consent = (event as CustomEvent<{ consent?: Consent } | null>).detail?.consent;
    if (cookiesRestricted(values, consent)) clearTrackingCookies();
    else establishIdentity();
  });
}
