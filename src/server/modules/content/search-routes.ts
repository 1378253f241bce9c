/**
 * The search page, `GET /search?q=TERM&page=N` (page type 102): the form, and under it the ranked
 * results over published products, pages, posts and events (modules/content/search.ts), ten a
 * page with previous/next links, or a "no results" message. Everything the visitor typed is
 * escaped by the template; the query only ever reaches SQL as a parameter.
 */
import type { FastifyInstance } from 'fastify';
import { searchSite, type SearchHitKind } from './search.ts';
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

export function registerSearchRoutes(app: FastifyInstance, deps: PageRouteDeps): void {
  const { database, pages } = deps;

  app.get<{ Querystring: Record<string, unknown> }>(SEARCH_PATH, async (request, reply) => {
    const { site } = request;
    const plan = planSearch(request.query.q);
    const render = (search: Record<string, unknown>) =>
      pages.render(request, reply, site, {
        template: 'search',
        pageType: PAGE_TYPES.SEARCH,
        title: plan.kind === 'empty' ? 'Search' : `Search: ${plan.text}`,
        context: { search: { action: SEARCH_PATH, ...search } },
      });
    if (plan.kind === 'empty') return render({ query: '', searched: false });

    const page = searchPageNumber(request.query.page);
    const language = site.language ?? 'en-US';
    const { hits, total } = await searchSite(database.db, { id: site.id, language }, plan, page);
    const pageCount = Math.ceil(total / SEARCH_PAGE_SIZE);
    return render({
      query: plan.text,
      searched: true,
      total,
      summaryText:
        total === 0
          ? `No results for “${plan.text}”.`
          : `${total} ${total === 1 ? 'result' : 'results'} for “${plan.text}”`,
      results: hits.map((hit) => ({ ...hit, kindLabel: KIND_LABELS[hit.kind] })),
      pagination:
        pageCount > 1
          ? {
              page,
              pageCount,
              previousUrl: page > 1 ? searchUrl(plan.text, page - 1) : null,
              nextUrl: page < pageCount ? searchUrl(plan.text, page + 1) : null,
            }
          : null,
    });
  });
}
