/**
 * Owner reads of a form's submissions:
 * - GET /api/vitrine/owner/forms/:formId/submissions?limit=&before=  newest first, JSON, paged
 *   (`before` is the previous page's nextPageCursor);
 * - GET /api/vitrine/owner/forms/:formId/submissions.csv  every submission, as CSV.
 * Submissions of a form since dropped from the site file are still listed (by the same id).
 * Guarded by an owner login whose role may edit content (forms are content: src/shared/roles.ts).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import { schema, type Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import { submissionsCsv } from './csv.ts';
import { requireOwner } from '../owners/index.ts';

const { formSubmissions } = schema;

export interface OwnerFormRouteDeps {
  readonly database: Database;
  readonly sites: SiteResolver;
}

/** Who may read a form's submissions: whoever may edit the site's forms. */
export const FORM_SUBMISSIONS_ACTION = 'content:edit';

const params = z.object({ formId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'not a form id') });
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** The id of the oldest submission already shown (nextPageCursor): the next page starts after it. */
  before: z.uuid().optional(),
});

/** The CSV holds at most this many submissions (newest); owners with more page the JSON API. */
export const CSV_MAX_ROWS = 50_000;

export function registerOwnerFormRoutes(app: FastifyInstance, deps: OwnerFormRouteDeps): void {
  const columns = {
    id: formSubmissions.id,
    createdAt: formSubmissions.createdAt,
    formName: formSubmissions.formName,
    fields: formSubmissions.fields,
    answers: formSubmissions.answers,
    pageTitle: formSubmissions.pageTitle,
    pageId: formSubmissions.pageId,
    contentSource: formSubmissions.contentSource,
    pagePath: formSubmissions.pagePath,
  };

  async function siteId(): Promise<string> {
    const site = await deps.sites.current();
    if (!site) throw new AppError('NOT_FOUND');
    return site.id;
  }

  const guard = { preHandler: requireOwner(FORM_SUBMISSIONS_ACTION) };

  app.get('/api/vitrine/owner/forms/:formId/submissions', guard, async (request, reply) => {
    const { formId } = params.parse(request.params);
    const query = listQuery.parse(request.query);
    const site = await siteId();
    const rows = await deps.database.db
      .select(columns)
      .from(formSubmissions)
      .where(
        and(
          eq(formSubmissions.siteId, site),
          eq(formSubmissions.formId, formId),
          // Row comparison on (created_at, id): exact even for submissions in the same millisecond.
          query.before === undefined
            ? undefined
            : sql`(${formSubmissions.createdAt}, ${formSubmissions.id}) < (select s.created_at, s.id from form_submissions s where s.id = ${query.before})`,
        ),
      )
      .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    void reply.header('cache-control', 'no-store');
    return {
      submissions: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      hasNextPage: rows.length > query.limit,
      nextPageCursor: rows.length > query.limit ? page.at(-1)?.id : undefined,
    };
  });

  app.get('/api/vitrine/owner/forms/:formId/submissions.csv', guard, async (request, reply) => {
    const { formId } = params.parse(request.params);
    const site = await siteId();
    const newest = await deps.database.db
      .select(columns)
      .from(formSubmissions)
      .where(and(eq(formSubmissions.siteId, site), eq(formSubmissions.formId, formId)))
      .orderBy(desc(formSubmissions.createdAt), asc(formSubmissions.id))
      .limit(CSV_MAX_ROWS);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${formId}-submissions.csv"`)
      .type('text/csv; charset=utf-8')
      .send(submissionsCsv(newest.reverse()));
  });
}
