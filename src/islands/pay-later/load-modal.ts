/**
 * Fetches the information popup's HTML (docs/behaviour/pay-later.md#the-information-popup): the shopper's locale and theme first,
 * then en_US in the white theme. A failure of both only logs a warning and yields null.
 */
import { modalUrls, type ModalTheme } from '../../shared/pay-later/index.ts';

export async function loadModalHtml(
  locale: string,
  theme: ModalTheme,
  fetchImpl: typeof fetch = fetch,
): Promise<string | null> {
  let lastProblem: unknown = null;
  for (const url of modalUrls(locale, theme)) {
    try {
      const response = await fetchImpl(url, { headers: { accept: 'text/html' } });
      if (response.ok) return await response.text();
      lastProblem = new Error(`HTTP ${response.status} for ${url}`);
    } catch (error) {
      lastProblem = error;
    }
  }
  console.warn('Pay-later information could not be loaded', lastProblem);
  return null;
}
