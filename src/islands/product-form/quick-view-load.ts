/**
 * What the quick view needs of a product page: the product form island's props and the page's
 * image box and price line (our own server's markup), read from the page's HTML; and the census
 * record of a quick view (POST /api/census/RecordQuickView/{id}), sent and forgotten.
 */
import type { ProductFormProps } from './props.ts';

export const QUICK_VIEW_RECORD_PATH = '/api/census/RecordQuickView/';

export interface QuickViewContent {
  readonly form: ProductFormProps;
  /** The page's `.product-image` figure, as HTML. */
  readonly imageHtml: string;
  /** The page's `.product-price` line, as HTML. */
  readonly priceHtml: string;
}

/** Reads the quick view's content from a product page; undefined when it has no product form. */
export function readQuickView(html: string): QuickViewContent | undefined {
  const page = new DOMParser().parseFromString(html, 'text/html');
  const island = page.querySelector('vitrine-island[data-island="ProductForm"]');
  const props = island?.getAttribute('data-props');
  if (props === null || props === undefined) return undefined;
  try {
    return {
      form: JSON.parse(props) as ProductFormProps,
      imageHtml: page.querySelector('.product-image')?.outerHTML ?? '',
      priceHtml: page.querySelector('.product-price')?.innerHTML ?? '',
    };
  } catch {
    return undefined;
  }
}

export async function loadQuickView(url: string): Promise<QuickViewContent | undefined> {
  try {
    const response = await fetch(url, {
      credentials: 'same-origin',
      headers: { accept: 'text/html' },
    });
    return response.ok ? readQuickView(await response.text()) : undefined;
  } catch {
    return undefined;
  }
}

export function recordQuickView(itemId: string): void {
  void fetch(`${QUICK_VIEW_RECORD_PATH}${encodeURIComponent(itemId)}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ pagePath: window.location.pathname }).toString(),
    keepalive: true,
  }).catch(() => undefined);
}
