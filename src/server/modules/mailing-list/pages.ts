/**
 * The small HTML pages of the mailing list: the newsletter-unsubscribe page (page type 300)
 * and the answers to confirm and unsubscribe links. Plain server-rendered forms: they work
 * without JavaScript, and every dynamic value is escaped.
 */
import { escapeHtml } from '../../../shared/html/escape-html.ts';

/** Newsletter unsubscribe (platform.md §2 page-type enumeration). */
export const NEWSLETTER_UNSUBSCRIBE_PAGE_TYPE = 300;

function page(title: string, body: string, pageType?: number): string {
  const typeAttribute = pageType === undefined ? '' : ` data-page-type="${pageType}"`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)}</title></head><body${typeAttribute}><main><h1>${escapeHtml(title)}</h1>${body}` +
    `<p><a href="/">Back to the site</a></p></main></body></html>`
  );
}

export function unsubscribePage(siteTitle: string, token: string, crumb: string): string {
  return page(
    'Unsubscribe',
    `<p>Stop receiving emails from ${escapeHtml(siteTitle)}?</p>` +
      `<form method="post" action="/api/vitrine/newsletter/unsubscribe">` +
      `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
      `<input type="hidden" name="crumb" value="${escapeHtml(crumb)}">` +
      `<button type="submit">Unsubscribe</button></form>`,
    NEWSLETTER_UNSUBSCRIBE_PAGE_TYPE,
  );
}

export const MESSAGES = {
  unsubscribed: 'You have been unsubscribed. You will not receive further emails from this list.',
  confirmed: 'Your subscription is confirmed. Thank you!',
  invalidLink: 'This link is not valid or has expired.',
} as const;

export function messagePage(title: string, message: string, pageType?: number): string {
  return page(title, `<p>${escapeHtml(message)}</p>`, pageType);
}
