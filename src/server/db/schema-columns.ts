/** Columns and checks the table files share. */
import { sql } from 'drizzle-orm';
import { boolean, check, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { CONTENT_STATUSES } from '../../shared/site-file/enums.ts';

export const statusCheck = (name: string) =>
  check(name, sql.raw(`status in (${CONTENT_STATUSES.map((s) => `'${s}'`).join(', ')})`));

/** Every timestamp carries a time zone (schema.ts). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** A list of labels (tags, categories): empty until some are given, never null. */
export const labelList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/** A yes/no that is no until something sets it. */
export const flag = (name: string) => boolean(name).notNull().default(false);

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
/** When a token, session or link stops working (see expiryCheck). */
export const expiresAt = () => timestamptz('expires_at').notNull();

/** The id of the row this one belongs to: required, and the row goes when its parent goes. */
export const parentId = (name: string, parent: () => AnyPgColumn) =>
  text(name).notNull().references(parent, { onDelete: 'cascade' });

/** A token, session or link ends after it starts. */
export const expiryCheck = (
  name: string,
  t: { readonly expiresAt: AnyPgColumn; readonly createdAt: AnyPgColumn },
) => check(name, sql`${t.expiresAt} > ${t.createdAt}`);
