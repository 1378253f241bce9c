/**
 * GET /api/vitrine/owner/newsletter/subscribers?status=&q=&cursor=&limit= — the site's
 * newsletter subscribers, newest first, a page at a time (`cursor` is the previous page's
 * nextPageCursor). Subscribers are customers' emails: 'customers:read'.
 */
import { and, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { schema, type Database } from '../../db/index.ts';
import { listPage, olderThanCursor } from '../../http/list-page.ts';
import { ownerOf, requireOwner } from '../owners/index.ts';

const { mailingSubscribers } = schema;

export const OWNER_SUBSCRIBERS_PATH = '/api/vitrine/owner/newsletter/subscribers';

const listQuery = z.strictObject({
  status: z.enum(schema.SUBSCRIBER_STATUSES).optional(),
  /** Part of the email, case-insensitive. */
  q: z.string().trim().min(1, 'Required').max(254, 'At most 254 characters').optional(),
  cursor: z.uuid('Not a cursor from this list').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export function registerOwnerSubscriberRoutes(
  app: FastifyInstance,
  deps: { readonly database: Database },
): void {
  app.get(
    OWNER_SUBSCRIBERS_PATH,
    { preHandler: requireOwner('customers:read') },
    async (request, reply) => {
      const query = listQuery.parse(request.query);
      const siteId = ownerOf(request).siteId;
      const rows = await deps.database.db
        .select({
          id: mailingSubscribers.id,
          email: mailingSubscribers.email,
          listId: mailingSubscribers.listId,
          status: mailingSubscribers.status,
          source: mailingSubscribers.source,
          createdAt: mailingSubscribers.createdAt,
        })
        .from(mailingSubscribers)
        .where(
          and(
            eq(mailingSubscribers.siteId, siteId),
            query.status === undefined ? undefined : eq(mailingSubscribers.status, query.status),
            query.q === undefined
              ? undefined
              : ilike(mailingSubscribers.email, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
            olderThanCursor(mailingSubscribers, siteId, query.cursor),
          ),
        )
        .orderBy(desc(mailingSubscribers.createdAt), desc(mailingSubscribers.id))
        .limit(query.limit + 1);
      const { page, hasNextPage, nextPageCursor } = listPage(rows, query.limit);
      void reply.header('cache-control', 'no-store');
      return {
        subscribers: page.map(({ createdAt, ...row }) => ({
          ...row,
          created: createdAt.getTime(),
        })),
        hasNextPage,
        nextPageCursor,
      };
    },
  );
}
