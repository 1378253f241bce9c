/** Columns and checks the table files share. */
import { sql } from 'drizzle-orm';
import { check, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { CONTENT_STATUSES } from '../../shared/site-file/enums.ts';

export const statusCheck = (name: string) =>
  check(name, sql.raw(`status in (${CONTENT_STATUSES.map((s) => `'${s}'`).join(', ')})`));

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A token, session or link ends after it starts. */
export const expiryCheck = (
  name: string,
  t: { readonly expiresAt: AnyPgColumn; readonly createdAt: AnyPgColumn },
) => check(name, sql`${t.expiresAt} > ${t.createdAt}`);
