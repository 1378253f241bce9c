/**
 * The outbox as owners see it, so a store without SMTP can tell that mail is not leaving:
 * - GET  /api/vitrine/owner/outbox?status=&cursor=&limit=  newest first, with counts by status
 *   and whether SMTP is configured;
 * - POST /api/vitrine/owner/outbox/:messageId/retry  a waiting or failed message is tried again
 *   now (its attempts start over, so the relay keeps trying it too); a sent one is refused.
 * Both 'settings:edit' (ADMIN): the rows hold customers' addresses and what they were told.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import { schema, type Database } from '../../db/index.ts';
import { listPage, olderThanCursor } from '../../http/list-page.ts';
import type { Mailer } from '../mail/index.ts';
import { ownerOf, requireOwner } from '../owners/index.ts';

const { outbox, OUTBOX_STATUSES } = schema;

export const OWNER_OUTBOX_PATH = '/api/vitrine/owner/outbox';

const listQuery = z.strictObject({
  status: z.enum(OUTBOX_STATUSES).optional(),
  cursor: z.uuid('Not a cursor from this list').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
const messageParams = z.strictObject({ messageId: z.uuid('Not a message id') });

export interface OwnerOutboxDeps {
  readonly database: Database;
  readonly mailer: Mailer;
  /** Whether SMTP_URL is set: without it queued messages are the delivery and stay queued. */
  readonly smtpConfigured: boolean;
}

const columns = {
  id: outbox.id,
  kind: outbox.kind,
  to: outbox.toAddress,
  subject: outbox.subject,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
};

function view({ createdAt, sentAt, ...row }: { createdAt: Date; sentAt: Date | null } & object) {
  return { ...row, created: createdAt.getTime(), sent: sentAt?.getTime() ?? null };
}

export function registerOwnerOutboxRoutes(app: FastifyInstance, deps: OwnerOutboxDeps): void {
  const guard = { preHandler: requireOwner('settings:edit') };
  const { db } = deps.database;

  app.get(OWNER_OUTBOX_PATH, guard, async (request, reply) => {
    const query = listQuery.parse(request.query);
    const siteId = ownerOf(request).siteId;
    const rows = await db
      .select(columns)
      .from(outbox)
      .where(
        and(
          eq(outbox.siteId, siteId),
          query.status === undefined ? undefined : eq(outbox.status, query.status),
          olderThanCursor(outbox, siteId, query.cursor),
        ),
      )
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(query.limit + 1);
    const counted = await db
      .select({ status: outbox.status, count: sql<number>`count(*)::int` })
      .from(outbox)
      .where(eq(outbox.siteId, siteId))
      .groupBy(outbox.status);
    const counts = Object.fromEntries(
      OUTBOX_STATUSES.map((status) => [
        status,
        counted.find((row) => row.status === status)?.count ?? 0,
      ]),
    );
    const { page, hasNextPage, nextPageCursor } = listPage(rows, query.limit);
    void reply.header('cache-control', 'no-store');
    return {
      smtpConfigured: deps.smtpConfigured,
      counts,
      messages: page.map(view),
      hasNextPage,
      nextPageCursor,
    };
  });

  app.post(`${OWNER_OUTBOX_PATH}/:messageId/retry`, guard, async (request, reply) => {
    const { messageId } = messageParams.parse(request.params);
    const siteId = ownerOf(request).siteId;
    // Only an unsent message of this site starts over; one statement, so a send racing it wins.
    const reset = await db
      .update(outbox)
      .set({ status: 'queued', attempts: 0 })
      .where(
        and(eq(outbox.id, messageId), eq(outbox.siteId, siteId), sql`${outbox.status} <> 'sent'`),
      )
      .returning({ id: outbox.id });
    if (reset.length === 0) {
      const [exists] = await db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.id, messageId), eq(outbox.siteId, siteId)));
      throw new AppError(exists ? 'OUTBOX_ALREADY_SENT' : 'NOT_FOUND');
    }
    const result = await deps.mailer.send(messageId);
    const [row] = await db.select(columns).from(outbox).where(eq(outbox.id, messageId));
    if (!row) throw new AppError('NOT_FOUND');
    void reply.header('cache-control', 'no-store');
    return {
      message: view(row),
      result: result.status,
    };
  });
}
