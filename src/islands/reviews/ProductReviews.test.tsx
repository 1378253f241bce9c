// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  nextReviewsBatch,
  reviewsHeading,
  startCursor,
  type Review,
  type ReviewsIslandProps,
} from '../../shared/reviews/index.ts';
import ProductReviews, { SEE_MORE_LABEL } from './ProductReviews.tsx';
import { REPORT_ERROR_EVENT } from './report-error.ts';

const review = (productId: string, n: number, text = 'Good'): Review => ({
  userName: `${productId}-${n}`,
  reviewDate: new Date(Date.UTC(2026, 0, 20) - n * 86_400_000).toISOString(),
  starRating: 4,
  reviewText: text,
  productName: productId === 'shirt' ? 'Linen Shirt' : 'Stoneware Mug',
  productId,
});
const many = (productId: string, count: number) =>
  Array.from({ length: count }, (_, i) => review(productId, i));

/** A fake reviews API over `store`, answering like GET /api/commerce/product/reviews. */
function serve(store: readonly Review[]) {
  return vi.fn<typeof fetch>(async (input) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://shop.test');
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('size'));
    const productId = url.searchParams.get('productId');
    const all = productId ? store.filter((r) => r.productId === productId) : store;
    const body = {
      data: {
        productReviews: all.slice(page * size, page * size + size),
        nextPage: all.length > page * size + size ? page + 1 : null,
      },
    };
    return new Response(JSON.stringify(body), { status: 200 });
  });
}

/** The props the server builds: the first batch and its cursor. */
async function propsFor(
  store: readonly Review[],
  productId = 'shirt',
): Promise<ReviewsIslandProps> {
  const fetchImpl = serve(store);
  const first = await nextReviewsBatch(startCursor(productId), async (request) => {
    const query = new URLSearchParams({ page: String(request.page), size: String(request.size) });
    if (request.productId) query.set('productId', request.productId);
    const response = await fetchImpl(`/api?${query.toString()}`);
    return ((await response.json()) as { data: never }).data;
  });
  return {
    productId,
    heading: reviewsHeading(store.filter((r) => r.productId === productId).length),
    averageRating: 4.5,
    reviews: first.reviews.map((r) => ({ ...r, date: 'Jan 1, 2026' })),
    cursor: first.cursor,
    locale: 'en-US',
    timeZone: 'America/New_York',
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const items = () => [...document.querySelectorAll('li.review')];
const seeMore = () => screen.queryByRole('button', { name: SEE_MORE_LABEL });

async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
}

describe('ProductReviews', () => {
  it("shows 'N Store Reviews', the average in half stars and a list of 10", async () => {
    const props = await propsFor([...many('shirt', 12), ...many('mug', 3)]);
    render(<ProductReviews {...props} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('12 Store Reviews');
    expect(document.querySelector('.review-average')?.textContent).toContain('4.5 out of 5');
    const averageStars = [...document.querySelectorAll('.review-average .star')];
    expect(averageStars.map((star) => star.className)).toEqual([
      'star star-full',
      'star star-full',
      'star star-full',
      'star star-full',
      'star star-half',
    ]);
    expect(items()).toHaveLength(10);
  });

  it("says '1000+ Store Reviews' above 999", () => {
    expect(reviewsHeading(999)).toBe('999 Store Reviews');
    expect(reviewsHeading(1000)).toBe('1000+ Store Reviews');
  });

  it("pages through more than 10 with 'See More Reviews', then other products, then hides it", async () => {
    const store = [...many('shirt', 12), ...many('mug', 3)];
    vi.stubGlobal('fetch', serve(store));
    render(<ProductReviews {...await propsFor(store)} />);
    await settle();
    fireEvent.click(seeMore() as HTMLElement);
    await settle();
    expect(items()).toHaveLength(15);
    expect(items()[10]?.textContent).toContain('shirt-10');
    expect(items()[12]?.querySelector('.review-product')?.textContent).toBe(
      'Review of Stoneware Mug',
    );
    expect(seeMore()).toBeNull();
  });

  it('tops up a product with fewer than 10 from other products', async () => {
    const store = [...many('mug', 12), ...many('shirt', 2)];
    vi.stubGlobal('fetch', serve(store));
    render(<ProductReviews {...await propsFor(store)} />);
    expect(items()).toHaveLength(10);
    expect(items()[0]?.querySelector('.review-product')).toBeNull();
    expect(items()[2]?.querySelector('.review-product')?.textContent).toBe(
      'Review of Stoneware Mug',
    );
    await settle();
    fireEvent.click(seeMore() as HTMLElement);
    await settle();
    expect(items()).toHaveLength(14);
    expect(seeMore()).toBeNull();
  });

  it('server-renders the first batch without the button (it needs JavaScript)', async () => {
    const props = await propsFor([...many('shirt', 12)]);
    const html = renderToString(<ProductReviews {...props} />);
    expect(html).toContain('<h2 id="reviews-heading">12 Store Reviews</h2>');
    expect(html.match(/<li class="review">/g)).toHaveLength(10);
    expect(html).not.toContain(SEE_MORE_LABEL);
  });

  it('reports a load failure to the error reporter and hides the indicator quietly', async () => {
    const store = [...many('shirt', 12)];
    const props = await propsFor(store);
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 503 })),
    );
    const reported = vi.fn();
    window.addEventListener(REPORT_ERROR_EVENT, reported);
    render(<ProductReviews {...props} />);
    await settle();
    fireEvent.click(seeMore() as HTMLElement);
    expect(screen.getByRole('status').textContent).toBe('Loading reviews…');
    await settle();
    expect(reported).toHaveBeenCalledTimes(1);
    const event = reported.mock.calls[0]?.[0] as CustomEvent<{ error: Error }>;
    expect(event.detail.error.message).toBe('Reviews failed to load: HTTP 503');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(items()).toHaveLength(10);
    window.removeEventListener(REPORT_ERROR_EVENT, reported);
  });

  it("always renders reviewers' words as text", async () => {
    const planted = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const store = [review('shirt', 0, planted), { ...review('shirt', 1), userName: '<b>Eve</b>' }];
    render(<ProductReviews {...await propsFor(store)} />);
    expect(document.querySelector('.review-text')?.textContent).toBe(planted);
    expect(document.querySelector('.reviews img, .reviews script, .reviews b')).toBeNull();
  });

  it('renders nothing for props of the wrong shape', () => {
    const { container } = render(<ProductReviews heading={3} />);
    expect(container.innerHTML).toBe('');
  });
});
