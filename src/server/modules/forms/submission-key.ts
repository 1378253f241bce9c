/**
 * Form submission keys (docs/behaviour/forms-and-captcha.md#form-calls POST /api/form/FormSubmissionKey): a random key the
 * browser fetches right before it submits. It is single use, expires after FORM_KEY_TTL_MS and
 * works only in the session that asked for it. Only its SHA-256 and an HMAC of the session id
 * are stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { schema, type AppDb, type AppTx } from '../../db/index.ts';
import { hmacToken } from '../../http/session.ts';

const { formSubmissionKeys } = schema;

export const FORM_KEY_TTL_MS = 30 * 60 * 1000;
/** Expired keys removed per issued key: cleanup that keeps pace without a scheduler. */
const PRUNE_BATCH = 50;

const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');

export function sessionHash(secret: string, sessionId: string): string {
  return hmacToken(secret, 'form-submission-key-session', sessionId);
}

export async function issueSubmissionKey(
  db: AppDb,
  input: { secret: string; sessionId: string; siteId: string; now?: Date },
): Promise<string> {
  const now = input.now ?? new Date();
  const key = randomBytes(24).toString('base64url');
  await db.insert(formSubmissionKeys).values({
    keyHash: sha256(key),
    sessionHash: sessionHash(input.secret, input.sessionId),
    siteId: input.siteId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + FORM_KEY_TTL_MS),
  });
  const expired = db
    .select({ keyHash: formSubmissionKeys.keyHash })
    .from(formSubmissionKeys)
    .where(lt(formSubmissionKeys.expiresAt, sql`now()`))
    .limit(PRUNE_BATCH);
  await db.delete(formSubmissionKeys).where(inArray(formSubmissionKeys.keyHash, expired));
  return key;
}

interface KeyLookup {
  secret: string;
  sessionId: string;
  siteId: string;
  key: string;
}

const usable = (input: KeyLookup) =>
  and(
    eq(formSubmissionKeys.keyHash, sha256(input.key)),
    eq(formSubmissionKeys.sessionHash, sessionHash(input.secret, input.sessionId)),
    eq(formSubmissionKeys.siteId, input.siteId),
    isNull(formSubmissionKeys.usedAt),
    gt(formSubmissionKeys.expiresAt, sql`now()`),
  );

/** True when the key is unused, unexpired and this session's (without using it up). */
export async function isSubmissionKeyUsable(db: AppDb | AppTx, input: KeyLookup): Promise<boolean> {
  const rows = await db
    .select({ keyHash: formSubmissionKeys.keyHash })
    .from(formSubmissionKeys)
    .where(usable(input));
  return rows.length === 1;
}

/** Uses the key up; false when it was not usable (or another request used it first). */
export async function consumeSubmissionKey(db: AppDb | AppTx, input: KeyLookup): Promise<boolean> {
  const rows = await db
    .update(formSubmissionKeys)
    .set({ usedAt: sql`now()` })
    .where(usable(input))
    .returning({ keyHash: formSubmissionKeys.keyHash });
  return rows.length === 1;
}
