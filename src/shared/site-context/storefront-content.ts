/**
 * What the default theme's home page and footer show, set in the site file so a merchant changes
 * them without editing templates (`website.settings.homePage`, `website.settings.footer`):
 *
 *   "homePage": {
 *     "hero": { "image": "<a product image id>", "heading": "…", "text": "…",
 *               "buttonLabel": "Shop the collection", "buttonUrl": "/shop" },
 *     "featured": { "heading": "New this season" },
 *     "collectionTeaser": { "collectionUrl": "/journal", "image": "<image id>", "heading": "…",
 *                           "text": "…", "buttonLabel": "Read the journal" },
 *     "newsletter": { "formId": "newsletter-form", "heading": "…", "text": "…" }
 *   },
 *   "footer": {
 *     "text": "…", "socialLinks": [{ "network": "instagram", "url": "https://…" }],
 *     "contact": { "email": "…", "phone": "…", "address": ["1 Mill Lane", "Hudson, NY 12534"] }
 *   }
 *
 * An image names one of the site's product images by id, as a gallery block's items do; its
 * focal point is the image's own.
 */
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1, 'Must not be empty').max(max);
const sitePath = z
  .string()
  .regex(/^\/[^\s]*$/, 'Must be a path on this site, such as "/shop"')
  .max(500);
const imageId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must be an image id of this site');

export const homePageSetting = z.strictObject({
  hero: z
    .strictObject({
      image: imageId.optional(),
      heading: text(120),
      text: text(400).optional(),
      buttonLabel: text(40).optional(),
      buttonUrl: sitePath.optional(),
    })
    .optional(),
  featured: z.strictObject({ heading: text(120) }).optional(),
  collectionTeaser: z
    .strictObject({
      collectionUrl: sitePath,
      image: imageId.optional(),
      heading: text(120),
      text: text(400).optional(),
      buttonLabel: text(40),
    })
    .optional(),
  newsletter: z
    .strictObject({
      formId: z.string().min(1).max(64),
      heading: text(120),
      text: text(400).optional(),
    })
    .optional(),
});
export type HomePageSetting = z.infer<typeof homePageSetting>;

export const SOCIAL_NETWORKS = [
  'instagram',
  'facebook',
  'pinterest',
  'tiktok',
  'youtube',
  'x',
  'linkedin',
  'mastodon',
] as const;

const SOCIAL_NAMES: Readonly<Record<(typeof SOCIAL_NETWORKS)[number], string>> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  pinterest: 'Pinterest',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  x: 'X',
  linkedin: 'LinkedIn',
  mastodon: 'Mastodon',
};

export const footerSetting = z.strictObject({
  text: text(400).optional(),
  socialLinks: z
    .array(
      z.strictObject({
        network: z.enum(SOCIAL_NETWORKS),
        url: z.url({ protocol: /^https$/, error: 'Must be an https:// address' }),
      }),
    )
    .max(12)
    .default([]),
  contact: z
    .strictObject({
      email: z.email().optional(),
      phone: z
        .string()
        .regex(/^\+?[\d\s().-]{5,30}$/, 'Must be a phone number')
        .optional(),
      address: z.array(text(120)).max(6).optional(),
    })
    .optional(),
});
export type FooterSetting = z.infer<typeof footerSetting>;

/** The footer as templates read it: social links named, the phone as a tel: address. */
export function footerContext(footer: FooterSetting) {
  const phone = footer.contact?.phone;
  return {
    ...footer,
    socialLinks: footer.socialLinks.map((link) => ({
      ...link,
      name: SOCIAL_NAMES[link.network],
    })),
    contact:
      footer.contact === undefined
        ? undefined
        : {
            ...footer.contact,
            phoneHref: phone === undefined ? undefined : `tel:${phone.replace(/[^\d+]/g, '')}`,
          },
  };
}
