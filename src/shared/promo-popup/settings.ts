/**
 * The site's promotional popup (docs/behaviour/forms-and-captcha.md#promotional-popup, page type 104), set in the site
 * file as `website.settings.promoPopup`:
 *
 *   "promoPopup": {
 *     "enabled": true, "version": 1,
 *     "title": "Ten percent off your first order", "body": "Join the studio letter.",
 *     "newsletterFormId": "newsletter-form",            (or "action": { "text", "url" }, or neither)
 *     "trigger": { "type": "delay", "seconds": 8 },     (or { "type": "scroll", "percent": 50 })
 *     "pages": "all",                                    ("home", or ["/shop", "/journal"])
 *     "reshowAfterDays": 7
 *   }
 *
 * `version` is the merchant's switch for "show it again": a visitor who closed the popup sees it
 * again once the version changes; a visitor who signed up (or followed the link) never does.
 * The import checks this shape and that a newsletter form is one a mailing list connects; the
 * renderer reads it leniently (readPromoPopup), so a setting edited outside the importer never
 * breaks a page.
 */
import { z } from 'zod';
import { sameSitePath } from '../html/safe-redirect.ts';

export const PROMO_POPUP_SETTING = 'promoPopup';

/** Triggers: seconds after the page loads, or the share of the page scrolled through. */
export const MAX_DELAY_SECONDS = 600;
export const MAX_RESHOW_DAYS = 365;
export const MAX_POPUP_PATHS = 50;

const text = (max: number) =>
  z.string().trim().min(1, 'Must not be empty').max(max, `Must be at most ${max} characters`);

/** A path of this site, as pages are addressed (no query, no fragment). */
const pagePath = z
  .string()
  .max(2000)
  .refine(
    (value) => sameSitePath(value) === value && !value.includes('?') && !value.includes('#'),
    'Must be a path of this site such as "/shop" (no query or #fragment)',
  );

/** Where the call-to-action goes: a path of this site or an http(s) address. */
const actionUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    if (sameSitePath(value) !== undefined) return true;
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '';
    } catch {
      return false;
    }
  }, 'Must be a path of this site ("/shop") or an http(s) address');

const TRIGGER_HELP =
  'Must be { "type": "delay", "seconds": 0–600 } or { "type": "scroll", "percent": 1–100 }';

export const promoPopupTriggerSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('delay'),
      seconds: z
        .int('Must be a whole number of seconds')
        .min(0, 'Must not be negative')
        .max(MAX_DELAY_SECONDS, `Must be at most ${MAX_DELAY_SECONDS} seconds`),
    }),
    z.strictObject({
      type: z.literal('scroll'),
      percent: z
        .int('Must be a whole percentage')
        .min(1, 'Must be 1–100')
        .max(100, 'Must be 1–100'),
    }),
  ],
  { error: TRIGGER_HELP },
);
export type PromoPopupTrigger = z.infer<typeof promoPopupTriggerSchema>;

const PAGES_HELP = 'Must be "all", "home" or a list of paths such as ["/shop", "/journal"]';

export const promoPopupPagesSchema = z.union(
  [
    z.enum(['all', 'home']),
    z
      .array(pagePath)
      .min(1, PAGES_HELP)
      .max(MAX_POPUP_PATHS, `Must list at most ${MAX_POPUP_PATHS} paths`),
  ],
  { error: PAGES_HELP },
);
export type PromoPopupPages = z.infer<typeof promoPopupPagesSchema>;

export const DEFAULT_TRIGGER: PromoPopupTrigger = { type: 'delay', seconds: 5 };

export const promoPopupSettingSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    /** Raise it to ask again everyone who closed the popup. */
    version: z
      .int('Must be a whole number')
      .min(1, 'Must be 1 or more')
      .max(1_000_000, 'Must be at most 1000000')
      .default(1),
    title: text(120),
    body: text(1000).optional(),
    /** A newsletter form (one listed in a mailingListConnections entry): the popup's sign-up. */
    newsletterFormId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must be a form id: 1–64 letters, digits, "_" or "-"')
      .optional(),
    /** A button that takes the visitor somewhere; following it counts as answering the popup. */
    action: z.strictObject({ text: text(60), url: actionUrl }).optional(),
    trigger: promoPopupTriggerSchema.default(DEFAULT_TRIGGER),
    pages: promoPopupPagesSchema.default('all'),
    /** Days a closed popup stays away (0: it comes back on the next page). */
    reshowAfterDays: z
      .int('Must be a whole number of days')
      .min(0, 'Must not be negative')
      .max(MAX_RESHOW_DAYS, `Must be at most ${MAX_RESHOW_DAYS} days`)
      .default(7),
  })
  .refine((popup) => popup.newsletterFormId === undefined || popup.action === undefined, {
    message: 'Give newsletterFormId or action, not both',
    path: ['action'],
  });
export type PromoPopupSetting = z.output<typeof promoPopupSettingSchema>;

export interface PromoPopupIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

function formIdsOfConnections(connections: unknown): Set<string> {
  const ids = new Set<string>();
  if (!Array.isArray(connections)) return ids;
  for (const connection of connections) {
    const formIds: unknown =
      typeof connection === 'object' && connection !== null
        ? (connection as { formIds?: unknown }).formIds
        : undefined;
    if (Array.isArray(formIds)) for (const id of formIds) if (typeof id === 'string') ids.add(id);
  }
  return ids;
}

/**
 * The problems of `settings.promoPopup` (paths relative to settings), for the site file's
 * website record; none when the site sets no popup.
 */
export function promoPopupIssues(settings: Readonly<Record<string, unknown>>): PromoPopupIssue[] {
  const value = settings[PROMO_POPUP_SETTING];
  if (value === undefined) return [];
  const parsed = promoPopupSettingSchema.safeParse(value);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => ({
      path: [
        PROMO_POPUP_SETTING,
        ...issue.path.map((key) => (typeof key === 'number' ? key : String(key))),
      ],
      // Worded as the site file words unknown fields elsewhere (file.ts formatSiteFileIssues).
      message:
        issue.code === 'unrecognized_keys'
          ? `Unknown ${issue.keys.length === 1 ? 'field' : 'fields'} ${issue.keys.map((key) => `"${key}"`).join(', ')}`
          : issue.message,
    }));
  const formId = parsed.data.newsletterFormId;
  if (formId !== undefined && !formIdsOfConnections(settings.mailingListConnections).has(formId))
    return [
      {
        path: [PROMO_POPUP_SETTING, 'newsletterFormId'],
        message: `Form "${formId}" is not a newsletter form: list it in a mailingListConnections entry's formIds`,
      },
    ];
  return [];
}

/** The site's popup as the renderer reads it: undefined when absent, off or no longer valid. */
export function readPromoPopup(
  settings: Readonly<Record<string, unknown>> | undefined,
): PromoPopupSetting | undefined {
  const parsed = promoPopupSettingSchema.safeParse(settings?.[PROMO_POPUP_SETTING]);
  return parsed.success && parsed.data.enabled ? parsed.data : undefined;
}
