/**
 * The cookie banner (docs/behaviour/analytics.md#cookies-and-identity): on a site whose restrictive cookie policy is on and
 * whose banner is enabled, it asks the visitor once whether analytics cookies may be set. The
 * answer is remembered in local storage and announced, so the analytics client follows it on
 * this page already. It renders nothing on the server and until it has read the stored answer,
 * so hydration always matches and a visitor who answered never sees it flash.
 */
import { useEffect, useState } from 'react';
import { readConsent, saveConsent } from '../../clients/analytics/consent.ts';

export const DEFAULT_BANNER_TEXT =
  'This site uses cookies to understand how visitors use it. Do you accept analytics cookies?';

export interface CookieBannerProps {
  /** The site's own wording (cookieSettings.cookieBannerText). */
  readonly text?: string | null;
}

type Answer = 'accepted' | 'declined' | 'unasked' | 'unread';

const CONSENT_BUTTONS = [
  { consent: 'accepted', label: 'Accept' },
  { consent: 'declined', label: 'Decline' },
] as const;

export default function CookieBanner({ text }: CookieBannerProps) {
  const [answer, setAnswer] = useState<Answer>('unread');
  useEffect(() => {
    setAnswer(readConsent() ?? 'unasked');
  }, []);
  if (answer !== 'unasked') return null;
  const answerWith = (consent: 'accepted' | 'declined') => {
    saveConsent(consent);
    setAnswer(consent);
  };
  return (
    <section className="cookie-banner" aria-label="Cookie consent">
      <p className="cookie-banner-text">{text || DEFAULT_BANNER_TEXT}</p>
      <div className="cookie-banner-actions">
        {CONSENT_BUTTONS.map((button) => (
          <button
            key={button.consent}
            type="button"
            className={`cookie-banner-${button.label.toLowerCase()}`}
            onClick={() => answerWith(button.consent)}
          >
            {button.label}
          </button>
        ))}
      </div>
    </section>
  );
}
