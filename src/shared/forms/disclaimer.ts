/**
 * A form's disclaimer as HTML (the form block's parsedDisclaimerMessage). The owner writes
 * plain text: blank lines start paragraphs, single newlines break lines, and `[text](url)`
 * makes a link when the URL is an http(s) or mailto address or a path on the site. Everything
 * else is escaped, so the disclaimer can never carry markup or script.
 */
import { escapeHtml } from '../html/escape-html.ts';
import { sameSitePath } from '../html/safe-redirect.ts';

const LINK = /\[([^\]\n]{1,500})\]\(([^)\s]{1,2000})\)/g;

function safeHref(raw: string): string | undefined {
  const path = sameSitePath(raw);
  if (path !== undefined) return path;
  try {
    const url = new URL(raw);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function inline(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = '', target = ''] = match;
    html += escapeHtml(text.slice(last, match.index));
    const href = safeHref(target);
    html +=
      href === undefined
        ? escapeHtml(whole)
        : `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
    last = match.index + whole.length;
  }
  return html + escapeHtml(text.slice(last));
}

export function parseDisclaimer(text: string | undefined): string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${paragraph.split('\n').map(inline).join('<br>')}</p>`)
    .join('');
}
