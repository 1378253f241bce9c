/**
 * Site search (`/search?q=`, page type 102): published products, pages, posts and events in one
 * ranked list. PostgreSQL full text (weighted: title A, summary B, body C, with the site
 * language's stemming) plus title matches, which also carry terms too short for full text. What
 * a visitor may not open (unpublished, password-protected, members-only, or inside such a
 * collection) is never found. Vectors are computed per query: a site's content is small, and the
 * same SQL runs on PGlite and PostgreSQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { schema, type AppDb } from '../../db/index.ts';
import { publishedNow } from './publication.ts';
import { SEARCH_PAGE_SIZE, textSearchConfig, type SearchPlan } from './search-query.ts';

const { products, pages, collections, contentItems } = schema;

export type SearchHitKind = 'product' | 'page' | 'post' | 'event';

export interface SearchHit {
  readonly kind: SearchHitKind;
  /** The record's id: a product hit's card is looked up by it. */
  readonly id: string;
  readonly title: string;
  readonly fullUrl: string;
  /** Plain text (tags removed), cut to SUMMARY_LENGTH; escape on output. */
  readonly summary: string;
}

export interface SearchResults {
  readonly hits: readonly SearchHit[];
  readonly total: number;
}

export const SUMMARY_LENGTH = 240;

const rowSchema = z.object({
  kind: z.enum(['product', 'page', 'post', 'event']),
  id: z.string(),
  title: z.string(),
  full_url: z.string(),
  summary: z.string().nullable(),
  total: z.coerce.number(),
});

/** HTML to text for indexing and summaries: tags become spaces. */
function plain(column: SQL): SQL {
  return sql`regexp_replace(coalesce(${column}, ''), '<[^>]*>', ' ', 'g')`;
}

/** The collection (if any) of a record lets visitors in without a password or a login. */
const openCollection = sql`(${collections.id} is null or (${collections.passwordHash} is null and not ${collections.membersOnly}))`;

function searchable(siteId: string): SQL {
  return sql`
    select 'product' as kind, ${products.id} as id, ${products.title} as title, ${products.fullUrl} as full_url,
           ${plain(sql`coalesce(${products.excerpt}, ${products.description})`)} as summary,
           ${plain(sql`${products.description}`)} as body
      from ${products} left join ${collections} on ${collections.id} = ${products.collectionId}
     where ${products.siteId} = ${siteId} and ${publishedNow(products)} and ${openCollection}
    union all
    select 'page', ${pages.id}, ${pages.title}, ${pages.fullUrl}, coalesce(${pages.description}, ''),
           ${plain(sql`${pages.body}`)}
      from ${pages}
     where ${pages.siteId} = ${siteId} and ${publishedNow(pages)}
       and ${pages.passwordHash} is null and not ${pages.membersOnly}
    union all
    select case when ${contentItems.recordType} = 12 then 'event' else 'post' end,
           ${contentItems.id}, ${contentItems.title}, ${contentItems.fullUrl}, ${plain(sql`${contentItems.excerpt}`)},
           ${plain(sql`${contentItems.body}`)}
      from ${contentItems} join ${collections} on ${collections.id} = ${contentItems.collectionId}
     where ${contentItems.siteId} = ${siteId} and ${publishedNow(contentItems)}
       and ${publishedNow(collections)} and ${openCollection}`;
}

export async function searchSite(
  db: AppDb,
  site: { id: string; language: string },
  plan: Exclude<SearchPlan, { kind: 'empty' }>,
  page: number,
): Promise<SearchResults> {
  const config = textSearchConfig(site.language);
  const titleMatch = sql`(title ilike ${plan.titlePrefix} escape '\\' or title ilike ${plan.wordPrefix} escape '\\')`;
  // A title that starts with the term ranks above one that merely contains a word starting with it.
  const titleBonus = sql`(case when title ilike ${plan.titlePrefix} escape '\\' then 1.0 when title ilike ${plan.wordPrefix} escape '\\' then 0.5 else 0 end)`;
  const vector = sql`(setweight(to_tsvector(${config}::regconfig, title), 'A') || setweight(to_tsvector(${config}::regconfig, summary), 'B') || setweight(to_tsvector(${config}::regconfig, body), 'C'))`;
  const query = sql`websearch_to_tsquery(${config}::regconfig, ${plan.text})`;
  const [match, rank] =
    plan.kind === 'full-text'
      ? [
          sql`(${vector} @@ ${query} or ${titleMatch})`,
          sql`(ts_rank(${vector}, ${query}) + ${titleBonus})`,
        ]
      : [titleMatch, titleBonus];
  const result = await db.execute(sql`
    select kind, id, title, full_url, left(btrim(regexp_replace(summary, '\\s+', ' ', 'g')), ${SUMMARY_LENGTH}) as summary,
           count(*) over () as total
      from (${searchable(site.id)}) as content
     where ${match}
     order by ${rank} desc, title asc, full_url asc
     limit ${SEARCH_PAGE_SIZE} offset ${(page - 1) * SEARCH_PAGE_SIZE}`);
  // Both drivers' raw results carry `rows` (PGlite Results, pg QueryResult).
  const rows = z.array(rowSchema).parse((result as { rows: unknown[] }).rows);
  return {
    total: rows[0]?.total ?? 0,
    hits: rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      title: row.title,
      fullUrl: row.full_url,
      summary: row.summary ?? '',
    })),
  };
}
