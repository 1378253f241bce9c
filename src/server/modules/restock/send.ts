/**
 * Sending back-in-stock notices (docs/behaviour/restock.md#owner-lists-and-sends …/restock/send and …/send/all), in one
 * transaction for all the variants named:
 *   1. every variant must be the site's (404) and back in stock — unlimited or stock above 0 —
 *      or the whole call is refused (409) and nothing is sent;
 *   2. the variant's pending sign-ups are marked by one conditional
 *      UPDATE … SET sent_at = now() WHERE sent_at IS NULL … RETURNING, which PostgreSQL's row
 *      locks make exactly-once: a concurrent send waits, re-checks `sent_at IS NULL` and skips;
 *   3. one outbox email per row it returned, in the same transaction, keyed by the sign-up id
 *      (the outbox's unique (kind, reference) is a second lock on the door).
 * The outbox row is the delivery until SMTP is configured (docs/behaviour/api-and-data-rules.md#email-delivery); with SMTP the caller
 * hands the returned outbox ids to the mail module once the transaction has committed.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors.ts';
import {
  isBackInStock,
  type RestockSendRequest,
  type RestockSendResult,
} from '../../../shared/restock/index.ts';
import { schema, type Database } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { RESTOCK_NOTICE_KIND, restockNotice, restockNoticeReference } from './notice-email.ts';
import { findRestockVariant } from './variant-lookup.ts';

const { restockSignups, variants, outbox } = schema;

/** Outbox rows per INSERT statement. */
const OUTBOX_BATCH = 500;

export interface SendContext {
  readonly database: Database;
  readonly site: CurrentSite;
  /** Origin of the product links in the emails, e.g. https://shop.example. */
  readonly origin: string;
}

function uniqueRequests(requests: readonly RestockSendRequest[]): RestockSendRequest[] {
  const seen = new Set<string>();
  return requests.filter((request) => {
    const key = `${request.productId}\u0000${request.variantId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface SendOutcome {
  readonly results: RestockSendResult[];
  /** The outbox rows written, for the mail module to deliver after the commit. */
  readonly outboxIds: string[];
}

export async function sendRestockNotices(
  context: SendContext,
  requests: readonly RestockSendRequest[],
): Promise<SendOutcome> {
  const { site } = context;
  return context.database.withTransaction(async (tx) => {
    const targets = [];
    for (const request of uniqueRequests(requests)) {
      const lookup = await findRestockVariant(tx, site.id, request.productId, request.variantId);
      if (!lookup.found) {
        throw new AppError(
          lookup.missing === 'product' ? 'ITEM_NOT_FOUND' : 'RESTOCK_VARIANT_NOT_FOUND',
          {
            fields: { variantId: request.variantId },
          },
        );
      }
      if (!isBackInStock(lookup.variant)) {
        throw new AppError('RESTOCK_NOT_BACK_IN_STOCK', {
          fields: { variantId: request.variantId },
        });
      }
      targets.push(lookup.variant);
    }

    const results: RestockSendResult[] = [];
    const outboxIds: string[] = [];
    for (const target of targets) {
      const marked = await tx
        .update(restockSignups)
        .set({ sentAt: sql`now()` })
        .where(
          and(
            eq(restockSignups.siteId, site.id),
            eq(restockSignups.productId, target.productId),
            eq(restockSignups.variantId, target.variantId),
            isNull(restockSignups.sentAt),
            // Re-checked at the moment of the write: a sale that emptied the variant since the
            // lookup leaves its sign-ups pending.
            sql`exists (select 1 from ${variants} where ${variants.id} = ${target.variantId}
              and (${variants.unlimited} or ${variants.qtyInStock} > 0))`,
          ),
        )
        .returning({ id: restockSignups.id, email: restockSignups.email });

      const { subject, text } = restockNotice({
        siteTitle: site.title,
        productName: target.productName,
        attributes: target.attributes,
        productUrl: new URL(target.fullUrl, context.origin).href,
      });
      for (let start = 0; start < marked.length; start += OUTBOX_BATCH) {
        const written = await tx
          .insert(outbox)
          .values(
            marked.slice(start, start + OUTBOX_BATCH).map((row) => ({
              id: randomUUID(),
              siteId: site.id,
              kind: RESTOCK_NOTICE_KIND,
              reference: restockNoticeReference(row.id),
              toAddress: row.email,
              subject,
              textBody: text,
            })),
          )
          .onConflictDoNothing({ target: [outbox.kind, outbox.reference] })
          .returning({ id: outbox.id });
        outboxIds.push(...written.map((row) => row.id));
      }
      results.push({
        productId: target.productId,
        variantId: target.variantId,
        sentCount: marked.length,
      });
    }
    return { results, outboxIds };
  });
}
