/**
 * ALTCHA (self-hosted proof of work, altcha-lib v2): challenges signed with an HMAC key derived
 * from SESSION_SECRET, and verification that accepts each solved challenge once. A solution's
 * challenge signature is recorded in captcha_solutions until the challenge expires; the
 * primary key turns a second use (a replay) into a refusal, on every process at once.
 */
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { schema, type AppDb, type AppTx } from '../../db/index.ts';

const { captchaSolutions } = schema;

/** How long a visitor has between fetching a challenge and submitting its solution. */
export const ALTCHA_CHALLENGE_TTL_MS = 10 * 60 * 1000;
export const ALTCHA_ALGORITHM = 'SHA-256';

/** The HMAC key that signs challenges: derived, so SESSION_SECRET itself never signs visitor data. */
export function altchaHmacKey(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret)
    .update('vitrine:altcha-hmac-key:v1')
    .digest('base64url');
}

export interface AltchaOptions {
  readonly hmacKey: string;
  /** The largest counter the solver may have to try: the proof-of-work cost. */
  readonly maxNumber: number;
  readonly now?: () => number;
}

export async function createAltchaChallenge(options: AltchaOptions): Promise<Challenge> {
  const now = options.now?.() ?? Date.now();
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: 1,
    counter: randomInt(options.maxNumber),
    deriveKey,
    hmacSignatureSecret: options.hmacKey,
    expiresAt: new Date(now + ALTCHA_CHALLENGE_TTL_MS),
  });
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(ALTCHA_ALGORITHM),
      nonce: z.string().max(200),
      salt: z.string().max(200),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string().max(200),
      keySignature: z.string().max(200).optional(),
      expiresAt: z.number().optional(),
      data: z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
        .optional(),
    }),
    signature: z.string().min(1).max(200),
  }),
  solution: z.object({
    counter: z.number().int().min(0),
    derivedKey: z.string().max(400),
    time: z.number().optional(),
  }),
});

/** The widget sends base64 of JSON `{ challenge, solution }`; anything else is no solution. */
export function decodeAltchaPayload(captchaKey: string): z.infer<typeof payloadSchema> | undefined {
  if (captchaKey.length > 8000) return undefined;
  try {
    const json: unknown = JSON.parse(Buffer.from(captchaKey, 'base64').toString('utf8'));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when the payload solves a challenge we signed, not yet expired, and never used before.
 * The use is recorded in `db` (pass the submission's transaction to tie both together).
 */
export async function verifyAltchaOnce(
  db: AppDb | AppTx,
  hmacKey: string,
  captchaKey: string,
): Promise<boolean> {
  const payload = decodeAltchaPayload(captchaKey);
  if (!payload || payload.challenge.parameters.expiresAt === undefined) return false;
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: hmacKey,
  });
  if (!result.verified) return false;
  const inserted = await db
    .insert(captchaSolutions)
    .values({
      signature: payload.challenge.signature,
      expiresAt: new Date(payload.challenge.parameters.expiresAt * 1000),
    })
    .onConflictDoNothing()
    .returning({ signature: captchaSolutions.signature });
  return inserted.length === 1;
}

/** Forgets used signatures whose challenges have expired (they can no longer verify anyway). */
export async function pruneExpiredSolutions(db: AppDb): Promise<void> {
  await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, sql`now()`));
}
