/**
 * Content status (docs/behaviour/templates.md#content-status-and-access): what a visitor may see, and when.
 * Draft, Needs Review and Private are never shown; Scheduled appears once its publish time has
 * passed; Published is shown. The same rule runs in SQL (every listing and lookup) and in code
 * (records already loaded), and both are tested against each other's cases.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ContentStatus } from '../../../shared/site-file/index.ts';

export interface Publishable {
  readonly status: ContentStatus;
  readonly publishOn: Date | null;
}

/** True when a visitor may see the record at `now`. */
export function isPublishedAt(record: Publishable, now: Date): boolean {
  switch (record.status) {
    case 'published':
      return true;
    case 'scheduled':
      return record.publishOn !== null && record.publishOn.getTime() <= now.getTime();
    case 'draft':
    case 'needs-review':
    case 'private':
      return false;
  }
}

/** The same rule as a WHERE condition on a table's status and publish_on columns, at now(). */
export function publishedNow(table: { status: PgColumn; publishOn: PgColumn }): SQL {
  return sql`(${table.status} = 'published' or (${table.status} = 'scheduled' and ${table.publishOn} <= now()))`;
}
