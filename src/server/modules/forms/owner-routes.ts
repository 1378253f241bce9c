/**
 * Owner reads of the site's forms and their submissions:
 * - GET /api/vitrine/owner/forms  each form with its submission count and latest submission;
 * - GET /api/vitrine/owner/forms/:formId/submissions?limit=&before=&q=  newest first, JSON, paged
 *   (`before` is the previous page's nextPageCursor; `q` finds text in the answers);
 * - GET /api/vitrine/owner/forms/:formId/submissions.csv  every submission, as CSV.
 * Submissions of a form since dropped from the site file are still listed (by the same id).
 * Guarded by an owner login whose role may edit content (forms are content: src/shared/roles.ts).
 */
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { schema, type Database } from '../../db/index.ts';
import { submissionsCsv } from './csv.ts';
import { requireOwner } from '../owners/index.ts';

const { formSubmissions, forms } = schema;

export interface OwnerFormRouteDeps {
  readonly database: Database;
}

/** Who may read a form's submissions: whoever may edit the site's forms. */
export const FORM_SUBMISSIONS_ACTION = 'content:edit';

const params = z.object({ formId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'not a form id') });
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** The id of the oldest submission already shown (nextPageCursor): the next page starts after it. */
  before: z.uuid().optional(),
  /** Text anywhere in the answers, case-insensitive. */
  q: z.string().trim().min(1, 'Required').max(200, 'At most 200 characters').optional(),
});

export interface OwnerFormSummary {
  readonly id: string;
  readonly name: string;
  readonly submissionCount: number;
  /** The newest submission's time (ISO); null before the first. */
  readonly lastSubmittedAt: string | null;
}

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

  const guard = {
    preHandler: requireOwner(FORM_SUBMISSIONS_ACTION),
    config: { site: 'required' },
  } as const;

  app.get('/api/vitrine/owner/forms', guard, async (request, reply) => {
    const site = request.site.id;
    const { db } = deps.database;
    const defined = await db
      .select({ id: forms.id, name: forms.name })
      .from(forms)
      .where(eq(forms.siteId, site))
      .orderBy(asc(forms.name), asc(forms.id));
    const counted = await db
      .select({
        id: formSubmissions.formId,
        name: sql<string>`max(${formSubmissions.formName})`,
        count: sql<number>`count(*)::int`,
        last: sql<Date>`max(${formSubmissions.createdAt})`,
      })
      .from(formSubmissions)
      .where(eq(formSubmissions.siteId, site))
      .groupBy(formSubmissions.formId);
    const counts = new Map(counted.map((row) => [row.id, row]));
    const summary = (id: string, name: string): OwnerFormSummary => {
      const found = counts.get(id);
      return {
        id,
        name,
        submissionCount: found?.count ?? 0,
        lastSubmittedAt: found ? new Date(found.last).toISOString() : null,
      };
    };
    // Forms since dropped from the site file still have their submissions listed.
    const definedIds = new Set(defined.map((form) => form.id));
    const dropped = counted.filter((row) => !definedIds.has(row.id));
    void reply.header('cache-control', 'no-store');
    return {
      forms: [
        ...defined.map((form) => summary(form.id, form.name)),
        ...dropped.map((row) => summary(row.id, row.name)),
      ],
    };
  });

  app.get('/api/vitrine/owner/forms/:formId/submissions', guard, async (request, reply) => {
    const { formId } = params.parse(request.params);
    const query = listQuery.parse(request.query);
    const site = request.site.id;
    const rows = await deps.database.db
      .select(columns)
      .from(formSubmissions)
      .where(
        and(
          eq(formSubmissions.siteId, site),
          eq(formSubmissions.formId, formId),
          query.q === undefined
            ? undefined
            : ilike(
                sql`${formSubmissions.answers}::text`,
                `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
              ),
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
    const site = request.site.id;
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
