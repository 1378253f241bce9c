/**
 * What the quick view needs of a product page: the product form island's props and the page's
 * image box and price line (our own server's markup), read from the page's HTML; and the census
 * record of a quick view (POST /api/census/RecordQuickView/{id}), sent and forgotten, with the
 * 'product view' commerce event announced on the document.
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

/** The commerce events' 'product view' (clients/analytics/commerce-entry.ts listens for it). */
export const PRODUCT_VIEW_EVENT = 'vitrine:product-view';

export function recordQuickView(itemId: string): void {
  document.dispatchEvent(new CustomEvent(PRODUCT_VIEW_EVENT, { detail: { itemId } }));
  void fetch(`${QUICK_VIEW_RECORD_PATH}${encodeURIComponent(itemId)}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ pagePath: window.location.pathname }).toString(),
    keepalive: true,
  }).catch(() => undefined);
}
