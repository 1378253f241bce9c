/**
 * The owners' preview page of one store email (page type 301, commerce email preview): the
 * subject and the text part on the page, the HTML part in a sandboxed frame that loads it from
 * the same route (`?part=html`), so it shows exactly as a mail client gets it. The page itself
 * has no inline styles or scripts, as the site's security policy asks of every page.
 */
import { escapeHtml } from '../../../shared/html/escape-html.ts';
import { PAGE_TYPES } from '../../render/page-types.ts';
import type { MailMessage } from '../mail/index.ts';
import { EMAIL_PREVIEW_KINDS, type EmailPreviewKind } from './email-samples.ts';

export function emailPreviewPath(kind: string): string {
  return `/config/emails/${encodeURIComponent(kind)}/preview`;
}

export function emailPreviewPage(kind: EmailPreviewKind, email: MailMessage): string {
  const name = EMAIL_PREVIEW_KINDS[kind];
  const others = Object.entries(EMAIL_PREVIEW_KINDS)
    .map(([other, label]) =>
      other === kind
        ? `<li aria-current="page">${escapeHtml(label)}</li>`
        : `<li><a href="${escapeHtml(emailPreviewPath(other))}">${escapeHtml(label)}</a></li>`,
    )
    .join('');
  const htmlPart = email.html
    ? `<h2>HTML</h2><iframe sandbox src="${escapeHtml(emailPreviewPath(kind))}?part=html" title="${escapeHtml(name)} email, HTML part" width="640" height="720"></iframe>`
    : '';
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>Email preview: ${escapeHtml(name)}</title></head>`,
    `<body data-page-type="${PAGE_TYPES.COMMERCE_EMAIL_PREVIEW}"><main>`,
    `<h1>Email preview: ${escapeHtml(name)}</h1>`,
    '<p>Sample data of this site; no email is sent from this page.</p>',
    `<nav aria-label="Emails"><ul>${others}</ul></nav>`,
    `<dl><dt>Subject</dt><dd>${escapeHtml(email.subject)}</dd>`,
    `<dt>To</dt><dd>${escapeHtml(email.to)}</dd></dl>`,
    htmlPart,
    `<h2>Text</h2><pre>${escapeHtml(email.text)}</pre>`,
    '<p><a href="/config">Back to the dashboard</a></p>',
    '</main></body></html>',
  ].join('\n');
}
