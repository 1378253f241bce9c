/**
 * The popup's HTML for a locale and theme: fetched from the provider when a content URL is
 * configured (a template with {locale} and {theme}), else read from the local copies in
 * content/. Undefined when there is no such copy, so the route answers 404 and the browser
 * falls back to en_US/white.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ModalTheme } from '../../../shared/pay-later/index.ts';

const LOCAL_DIR = path.join(import.meta.dirname, 'content');
/** The largest popup we pass on; the provider's are a few kilobytes. */
export const MAX_CONTENT_BYTES = 256 * 1024;
export const UPSTREAM_TIMEOUT_MS = 5000;

export interface ContentSource {
  /** Provider URL template; undefined: the local copies. */
  readonly contentUrl: string | undefined;
  readonly fetch?: typeof fetch;
}

export function upstreamUrl(template: string, locale: string, theme: ModalTheme): string {
  return template
    .replaceAll('{locale}', encodeURIComponent(locale))
    .replaceAll('{theme}', encodeURIComponent(theme));
}

export async function modalContent(
  source: ContentSource,
  locale: string,
  theme: ModalTheme,
): Promise<string | undefined> {
  if (source.contentUrl === undefined) {
    try {
      return await readFile(path.join(LOCAL_DIR, `${locale}-${theme}.html`), 'utf8');
    } catch {
      return undefined;
    }
  }
  const response = await (source.fetch ?? fetch)(upstreamUrl(source.contentUrl, locale, theme), {
    signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    headers: { accept: 'text/html' },
  });
  if (!response.ok) return undefined;
  const text = await response.text();
  return text.length > MAX_CONTENT_BYTES ? undefined : text;
}
