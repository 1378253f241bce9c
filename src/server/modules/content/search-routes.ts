/**
 * The search page, `GET /search?q=TERM&page=N` (page type 102): the form, and under it the ranked
 * results over published products, pages, posts and events (modules/content/search.ts), ten a
 * page with previous/next links, or a "no results" message. The page's product hits show as the
 * theme's product cards (the collection page's `items`), looked up in one query for the page;
 * pages, posts and events stay text results. Everything the visitor typed is escaped by the
 * template; the query only ever reaches SQL as a parameter.
 */
import type { FastifyInstance } from 'fastify';
import type { CurrentSite } from '../../http/current-site.ts';
import { searchSite, type SearchHit, type SearchHitKind } from './search.ts';
import { planSearch, SEARCH_PAGE_SIZE, searchPageNumber } from './search-query.ts';
import { PAGE_TYPES } from '../../render/page-types.ts';
import type { PageRouteDeps } from '../../render/page-routes.ts';

export const SEARCH_PATH = '/search';

const KIND_LABELS: Record<SearchHitKind, string> = {
  product: 'Product',
  page: 'Page',
  post: 'Blog post',
  event: 'Event',
};

function searchUrl(text: string, page: number): string {
  const params = new URLSearchParams({ q: text });
  if (page > 1) params.set('page', String(page));
  return `${SEARCH_PATH}?${params.toString()}`;
}

/**
 * The product cards' template data for the products of `ids` that are published, by id: given
 * by the page renderer (render/search-product-cards.ts), which shapes products for templates.
 */
export type SearchProductCards = (
  site: CurrentSite,
  ids: readonly string[],
) => Promise<ReadonlyMap<string, Record<string, unknown>>>;

export interface SearchRouteDeps extends PageRouteDeps {
  readonly productCards: SearchProductCards;
}

/**
 * The page's hits as the template shows them: product cards in rank order, and the other hits
 * (and a product whose card is gone since the search, unpublished meanwhile) as text results.
 */
async function splitHits(
  hits: readonly SearchHit[],
  site: CurrentSite,
  productCards: SearchProductCards,
): Promise<{ cards: Record<string, unknown>[]; textHits: SearchHit[] }> {
  const productIds = hits.filter((hit) => hit.kind === 'product').map((hit) => hit.id);
  const found = await productCards(site, productIds);
  const cards: Record<string, unknown>[] = [];
  const textHits: SearchHit[] = [];
  for (const hit of hits) {
    const card = hit.kind === 'product' ? found.get(hit.id) : undefined;
    if (card) cards.push(card);
    else textHits.push(hit);
  }
  return { cards, textHits };
}

export function registerSearchRoutes(app: FastifyInstance, deps: SearchRouteDeps): void {
  const { database, pages, productCards } = deps;

  app.get<{ Querystring: Record<string, unknown> }>(SEARCH_PATH, async (request, reply) => {
    const { site } = request;
    const plan = planSearch(request.query.q);
    const render = (search: Record<string, unknown>, items: readonly unknown[] = []) =>
      pages.render(request, reply, site, {
        template: 'search',
        pageType: PAGE_TYPES.SEARCH,
        title: plan.kind === 'empty' ? 'Search' : `Search: ${plan.text}`,
        // The cards are the page's `items`, as on a collection: the page renderer adds each
        // product's merchandising (a custom sold-out text) there.
        context: { search: { action: SEARCH_PATH, ...search }, items },
      });
    if (plan.kind === 'empty') return render({ query: '', searched: false });

    const page = searchPageNumber(request.query.page);
    const language = site.language ?? 'en-US';
    const { hits, total } = await searchSite(database.db, { id: site.id, language }, plan, page);
    const { cards, textHits } = await splitHits(hits, site, productCards);
    const pageCount = Math.ceil(total / SEARCH_PAGE_SIZE);
    return render(
      {
        query: plan.text,
        searched: true,
        total,
        summaryText:
          total === 0
            ? `No results for “${plan.text}”.`
            : `${total} ${total === 1 ? 'result' : 'results'} for “${plan.text}”`,
        results: textHits.map((hit) => ({ ...hit, kindLabel: KIND_LABELS[hit.kind] })),
        pagination:
          pageCount > 1
            ? {
                page,
                pageCount,
                previousUrl: page > 1 ? searchUrl(plan.text, page - 1) : null,
                nextUrl: page < pageCount ? searchUrl(plan.text, page + 1) : null,
              }
            : null,
      },
      cards,
    );
  });
}
