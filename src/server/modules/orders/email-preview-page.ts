/**
 * The owners' preview page of one store email (page type 301, commerce email preview), in the
 * dashboard's look (its stylesheet, header and colours): the subject and recipient above the
 * HTML part, shown in a sandboxed frame that loads it from the same route (`?part=html`) so it
 * looks exactly as a mail client shows it, and the text part below. The page itself has no
 * inline styles or scripts, as the site's security policy asks of every page.
 */
import { escapeHtml } from '../../../shared/html/escape-html.ts';
import { PAGE_TYPES } from '../../render/page-types.ts';
import type { MailMessage } from '../mail/index.ts';
import { EMAIL_PREVIEW_KINDS, type EmailPreviewKind } from './email-samples.ts';

export function emailPreviewPath(kind: string): string {
  return `/config/emails/${encodeURIComponent(kind)}/preview`;
}

export function emailPreviewPage(
  kind: EmailPreviewKind,
  email: MailMessage,
  stylesheetUrls: readonly string[] = [],
): string {
  const name = EMAIL_PREVIEW_KINDS[kind];
  const others = Object.entries(EMAIL_PREVIEW_KINDS)
    .map(([other, label]) =>
      other === kind
        ? `<li><a aria-current="page" href="${escapeHtml(emailPreviewPath(other))}">${escapeHtml(label)}</a></li>`
        : `<li><a href="${escapeHtml(emailPreviewPath(other))}">${escapeHtml(label)}</a></li>`,
    )
    .join('');
  const body = email.html
    ? `<iframe sandbox src="${escapeHtml(emailPreviewPath(kind))}?part=html" title="${escapeHtml(name)} email, HTML part" class="mail-body" width="640" height="720"></iframe>`
    : `<pre class="mail-body mail-text-only">${escapeHtml(email.text)}</pre>`;
  const links = stylesheetUrls
    .map((url) => `<link rel="stylesheet" href="${escapeHtml(url)}">`)
    .join('');
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    links,
    `<title>Email preview: ${escapeHtml(name)}</title></head>`,
    `<body data-page-type="${PAGE_TYPES.COMMERCE_EMAIL_PREVIEW}">`,
    '<a class="skip-link" href="#main">Skip to content</a>',
    '<header class="shell-header"><p class="brand">Store admin</p>',
    '<a class="email-preview-back" href="/config/settings">Back to Settings</a></header>',
    '<main id="main" class="email-preview">',
    `<h1>Email preview: ${escapeHtml(name)}</h1>`,
    '<p class="email-preview-note">Sample data of this site; no email is sent from this page.</p>',
    `<nav class="email-kinds" aria-label="Emails"><ul>${others}</ul></nav>`,
    `<section class="mail" aria-label="${escapeHtml(name)} email as the shopper gets it">`,
    `<dl class="mail-envelope"><dt>Subject</dt><dd>${escapeHtml(email.subject)}</dd>`,
    `<dt>To</dt><dd>${escapeHtml(email.to)}</dd></dl>`,
    body,
    '</section>',
    email.html
      ? `<details class="mail-text"><summary>Plain-text version</summary><pre>${escapeHtml(email.text)}</pre></details>`
      : '',
    '</main></body></html>',
  ].join('\n');
}
