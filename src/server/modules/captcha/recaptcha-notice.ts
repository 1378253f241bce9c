/**
 * The start-up warning about an unset RECAPTCHA_SECRET, given only when some site on this
 * server actually uses reCAPTCHA (its captcha is on and its provider is reCAPTCHA). Sites on
 * ALTCHA, the default, never need the secret, so warning them at every start was noise.
 */
import { sql } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import { recaptchaSecretNotice, type CaptchaConfig } from './verify.ts';

/** Whether any site's captcha is on (a site key set) with reCAPTCHA as its provider. */
export async function anySiteUsesRecaptcha(db: AppDb): Promise<boolean> {
  const captcha = sql`${schema.sites.settings} -> 'captchaSettings'`;
  const rows = await db
    .select({ id: schema.sites.id })
    .from(schema.sites)
    .where(
      sql`${captcha} ->> 'provider' = 'recaptcha' and btrim(coalesce(${captcha} ->> 'siteKey', '')) <> ''`,
    )
    .limit(1);
  return rows.length > 0;
}

/** The warning to log at start-up, or undefined when there is nothing to warn about. */
export async function recaptchaStartupNotice(
  db: AppDb,
  config: CaptchaConfig,
): Promise<string | undefined> {
  const notice = recaptchaSecretNotice(config);
  if (notice === undefined) return undefined;
  return (await anySiteUsesRecaptcha(db)) ? notice : undefined;
}
