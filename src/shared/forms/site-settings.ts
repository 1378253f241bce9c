/**
 * The site settings the forms read (docs/behaviour/templates.md#website-settings: captchaSettings.siteKey;
 * "Mailing list connections have a list and a double opt-in option"). Site settings are kept
 * as given by the site file; these schemas read the parts forms need and reject malformed ones
 * on import.
 *
 * - `captchaSettings`: captcha is on for the site when `siteKey` is set; `provider` picks ALTCHA
 *   (the default; self-hosted, so `siteKey` is only the switch) or reCAPTCHA. A form asks for
 *   the captcha when the site's captcha is on and the form's `captchaEnabled` is true.
 * - `mailingListConnections`: each connects a list to newsletter forms (by form id) and, when
 *   `restock` is true, to the restock opt-in; `doubleOptIn` asks for a confirmation email.
 * - `formTextareaMaxLength`: the flag that gives textarea fields a maxLength builder setting.
 */
import { z } from 'zod';

export const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

export const captchaSettingsSchema = z.object({
  siteKey: z.string().max(200).optional(),
  provider: z.enum(CAPTCHA_PROVIDERS).default('altcha'),
});

export const mailingListConnectionSchema = z.strictObject({
  list: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must be 1–64 letters, digits, "_" or "-"'),
  doubleOptIn: z.boolean().default(false),
  formIds: z.array(z.string().min(1).max(64)).default([]),
  restock: z.boolean().default(false),
});
export type MailingListConnection = z.infer<typeof mailingListConnectionSchema>;

export const formSiteSettingsSchema = z.object({
  captchaSettings: captchaSettingsSchema.optional(),
  mailingListConnections: z.array(mailingListConnectionSchema).default([]),
  formTextareaMaxLength: z.boolean().default(false),
});
export type FormSiteSettings = z.infer<typeof formSiteSettingsSchema>;

/** The stored settings read for forms; malformed ones (refused on import) count as none. */
export function readFormSiteSettings(stored: unknown): FormSiteSettings {
  const parsed = formSiteSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : formSiteSettingsSchema.parse({});
}

export interface SiteCaptcha {
  readonly on: boolean;
  readonly provider: CaptchaProvider;
  readonly siteKey: string | undefined;
}

export function siteCaptcha(settings: FormSiteSettings): SiteCaptcha {
  const siteKey = settings.captchaSettings?.siteKey;
  const on = siteKey !== undefined && siteKey.trim() !== '';
  return {
    on,
    provider: settings.captchaSettings?.provider ?? 'altcha',
    siteKey: on ? siteKey : undefined,
  };
}

/** The connection a newsletter form subscribes to, if the form is one. */
export function connectionForForm(
  settings: FormSiteSettings,
  formId: string,
): MailingListConnection | undefined {
  return settings.mailingListConnections.find((connection) => connection.formIds.includes(formId));
}

/** The connection the restock opt-in subscribes to, if any. */
export function restockConnection(settings: FormSiteSettings): MailingListConnection | undefined {
  return settings.mailingListConnections.find((connection) => connection.restock);
}
