/**
 * The site settings owners edit beside the store's checkout settings: pay-later (the teaser's
 * switch and its price window), the forms' captcha and the cookie policy. Kept in
 * sites.settings under the keys the site file uses (payLater, featureFlags.payLaterTeaser,
 * captchaSettings, cookieSettings), validated by the schemas the import and the renderer use,
 * so a value saved here is one the storefront reads.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import { captchaSettingsSchema } from '../../../shared/forms/site-settings.ts';
import { cookieSettingsSetting, payLaterSetting } from '../../../shared/site-context/settings.ts';
import { schema, type AppDb } from '../../db/index.ts';

const { sites } = schema;

const DEFAULT_PAY_LATER = { stripeAccountCountry: 'US', minCents: 100, maxCents: 200_000 };

export const siteSettingsBody = z
  .strictObject({
    payLater: payLaterSetting.optional(),
    /** The pay-later teaser on product and cart pages (featureFlags.payLaterTeaser). */
    payLaterTeaser: z.boolean().optional(),
    captchaSettings: captchaSettingsSchema.strict().optional(),
    cookieSettings: cookieSettingsSetting.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send payLater, payLaterTeaser, captchaSettings or cookieSettings',
  });

export type SiteSettingsChange = z.output<typeof siteSettingsBody>;

export interface OwnerSiteSettings {
  readonly payLater: z.output<typeof payLaterSetting>;
  readonly payLaterTeaser: boolean;
  readonly captchaSettings: z.output<typeof captchaSettingsSchema>;
  readonly cookieSettings: z.output<typeof cookieSettingsSetting>;
}

/** Each key read with its own schema; a stored value that no longer parses reads as the default. */
function readSiteSettings(settings: Record<string, unknown>): OwnerSiteSettings {
  const flags = z
    .looseObject({ payLaterTeaser: z.boolean().optional() })
    .safeParse(settings.featureFlags);
  const payLater = payLaterSetting.safeParse(settings.payLater ?? {});
  const captcha = captchaSettingsSchema.safeParse(settings.captchaSettings ?? {});
  const cookies = cookieSettingsSetting.safeParse(settings.cookieSettings ?? {});
  return {
    payLater: payLater.success ? payLater.data : DEFAULT_PAY_LATER,
    payLaterTeaser: (flags.success ? flags.data.payLaterTeaser : undefined) ?? false,
    captchaSettings: captcha.success ? captcha.data : { provider: 'altcha' },
    cookieSettings: cookies.success
      ? cookies.data
      : { isCookieBannerEnabled: false, isRestrictiveCookiePolicyEnabled: false },
  };
}

export async function loadSiteSettings(db: AppDb, siteId: string): Promise<OwnerSiteSettings> {
  const [row] = await db
    .select({ settings: sites.settings })
    .from(sites)
    .where(eq(sites.id, siteId));
  if (!row) throw new AppError('NOT_FOUND');
  return readSiteSettings(row.settings);
}

/** One UPDATE: each given key replaces its stored value whole; every other setting is kept. */
export async function changeSiteSettings(
  db: AppDb,
  siteId: string,
  change: SiteSettingsChange,
): Promise<OwnerSiteSettings> {
  const { payLaterTeaser, ...whole } = change;
  const replaced = Object.fromEntries(
    Object.entries(whole).filter(([, value]) => value !== undefined),
  );
  const flag =
    payLaterTeaser === undefined
      ? sql`'{}'::jsonb`
      : sql`jsonb_build_object('featureFlags', coalesce(${sites.settings} -> 'featureFlags', '{}'::jsonb) || jsonb_build_object('payLaterTeaser', ${payLaterTeaser}::boolean))`;
  const [row] = await db
    .update(sites)
    .set({
      settings: sql`${sites.settings} || ${JSON.stringify(replaced)}::jsonb || ${flag}`,
      updatedAt: sql`now()`,
    })
    .where(eq(sites.id, siteId))
    .returning({ settings: sites.settings });
  if (!row) throw new AppError('NOT_FOUND');
  return readSiteSettings(row.settings);
}
