/**
 * Submission rate limits per client IP and per form (docs/behaviour/forms-and-captcha.md#messages: 429 'Unable to submit
 * form. Submission rate limit exceeded. …'). Counted from stored submissions, so the limit
 * holds across processes and restarts; the global per-IP request limit still bounds raw floods.
 */
import { and, count, eq, gt } from 'drizzle-orm';
import { schema, type AppDb, type AppTx } from '../../db/index.ts';

const { formSubmissions } = schema;

export interface FormRateLimits {
  /** Submissions one client IP may make to one form per window. */
  readonly perIpPerForm: number;
  /** Submissions one form takes from everyone per window. */
  readonly perForm: number;
  readonly windowMs: number;
}

export const DEFAULT_FORM_RATE_LIMITS: FormRateLimits = {
  perIpPerForm: 5,
  perForm: 200,
  windowMs: 10 * 60 * 1000,
};

export async function isFormRateLimited(
  db: AppDb | AppTx,
  limits: FormRateLimits,
  input: { siteId: string; formId: string; ipHash: string; now?: Date },
): Promise<boolean> {
  const since = new Date((input.now ?? new Date()).getTime() - limits.windowMs);
  const recent = and(
    eq(formSubmissions.siteId, input.siteId),
    eq(formSubmissions.formId, input.formId),
    gt(formSubmissions.createdAt, since),
  );
  const [fromIp] = await db
    .select({ n: count() })
    .from(formSubmissions)
    .where(and(recent, eq(formSubmissions.ipHash, input.ipHash)));
  if ((fromIp?.n ?? 0) >= limits.perIpPerForm) return true;
  const [all] = await db.select({ n: count() }).from(formSubmissions).where(recent);
  return (all?.n ?? 0) >= limits.perForm;
}
