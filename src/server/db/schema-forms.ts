/**
 * Page-form storage (docs/behaviour/forms-and-captcha.md#storing-submissions): single-use submission keys and the
 * submissions themselves.
 *
 * - Keys are stored as SHA-256 hashes bound to a hash of the visitor's session id: a leaked
 *   database row is not a usable key, and a key works only in the session that asked for it.
 * - Submissions keep their own copy of the form's name and fields (id, type, title), and carry
 *   no foreign key to `forms` or `sites`: a re-import that drops or changes a form never loses
 *   what visitors submitted (nothing a visitor submitted is ever lost).
 * - Answers are JSON of text values by field id (strings, arrays of strings, or a likert map of
 *   strings), never HTML; the client IP is kept only as an HMAC for rate limiting.
 */
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, expiresAt, timestamptz } from './schema-columns.ts';

export const CONTENT_SOURCES = ['i', 'c'] as const;
export type ContentSource = (typeof CONTENT_SOURCES)[number];

/** The form's fields as they were when the visitor submitted. */
export interface SubmittedField {
  id: string;
  type: string;
  title?: string;
}

export type SubmittedAnswer = string | string[] | Record<string, string>;

export const formSubmissionKeys = pgTable(
  'form_submission_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    sessionHash: text('session_hash').notNull(),
    siteId: text('site_id').notNull(),
    createdAt: createdAt(),
    expiresAt: expiresAt(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    index('form_submission_keys_expires_idx').on(t.expiresAt),
    check('form_submission_keys_expiry_check', sql`expires_at > created_at`),
  ],
);

export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: text('site_id').notNull(),
    formId: text('form_id').notNull(),
    formName: text('form_name').notNull(),
    fields: jsonb('fields').$type<SubmittedField[]>().notNull(),
    answers: jsonb('answers').$type<Record<string, SubmittedAnswer>>().notNull(),
    pageTitle: text('page_title'),
    pageId: text('page_id'),
    contentSource: text('content_source').$type<ContentSource>(),
    pagePath: text('page_path'),
    /** HMAC of the client IP: enough to count submissions per visitor, not to identify one. */
    ipHash: text('ip_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('form_submissions_form_created_idx').on(t.siteId, t.formId, t.createdAt),
    index('form_submissions_form_ip_created_idx').on(t.formId, t.ipHash, t.createdAt),
    check(
      'form_submissions_content_source_check',
      sql.raw(
        `content_source is null or content_source in (${CONTENT_SOURCES.map((s) => `'${s}'`).join(', ')})`,
      ),
    ),
    check('form_submissions_answers_object_check', sql`jsonb_typeof(answers) = 'object'`),
  ],
);
