/**
 * Zod schemas of the records in a site file (the format of demo/site.json): one schema per
 * record kind, with the rules that concern a single record. Rules that span records (unique
 * ids, references, URL clashes) live in file.ts. Field names are the spec's; money is an
 * integer of minor units of the store currency.
 */
import { z } from 'zod';
import {
  BILLING_PERIOD_UNITS,
  COLLECTION_VIEWS,
  CONTENT_STATUSES,
  FORM_FIELD_TYPES,
  LIMITS,
  COLLECTION_TYPE_CODES,
  COLLECTION_TYPES,
  MAX_LENGTH_FIELD_TYPES,
  OPTION_FIELD_TYPES,
  VARIANT_DISPLAYS,
} from './enums.ts';
import { performanceFlagsSchema } from '../analytics/performance-flags.ts';
import { PRODUCT_TYPES } from '../catalog/product-types.ts';
import { promoPopupIssues } from '../promo-popup/settings.ts';
import { builderSettings } from '../forms/block-schema.ts';
import { formSiteSettingsSchema } from '../forms/site-settings.ts';
import { reviewSettingsShape } from '../reviews/gate.ts';
import { checkoutSettingsShape } from '../checkout/settings.ts';
import { CURRENCIES, DEFAULT_CURRENCY, isSupportedCurrency } from '../money/currencies.ts';
import { siteContextSettingsSchema } from '../site-context/settings.ts';

/** Record ids: safe in URLs, cookies and HTML attributes without escaping. */
export const recordId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must be 1–64 letters, digits, "_" or "-"');

/** A site-relative URL path: "/" or "/a/b", no trailing slash, no query or fragment. */
export const fullUrl = z
  .string()
  .regex(
    /^\/(?:[A-Za-z0-9._~%-]+(?:\/[A-Za-z0-9._~%-]+)*)?$/,
    'Must be a path like "/shop/p/linen-shirt" (leading "/", no trailing "/", no query)',
  );

const title = z.string().trim().min(1, 'Must not be empty').max(500);
const optionalText = z.string().max(100_000).optional();
const status = z.enum(CONTENT_STATUSES).optional();

const isoDateTime = z.iso.datetime({
  offset: true,
  message: 'Must be an ISO 8601 date-time, e.g. 2026-03-14T15:09:26Z',
});
/** When a scheduled record appears; required with status "scheduled". */
const publishOn = isoDateTime.optional();
/** A visitor password in clear, hashed (scrypt) on import and never exported. */
const password = z.string().min(1, 'Must not be empty').max(200).optional();
/** The stored form of a visitor password, as `vitrine export` writes it. */
export const PASSWORD_HASH_PATTERN = /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/;
const passwordHash = z
  .string()
  .regex(
    PASSWORD_HASH_PATTERN,
    'Must be a hash written by `vitrine export` (scrypt$N$r$p$salt$hash)',
  )
  .optional();

/** A record's labels (tags, categories): each non-empty and at most `maxLength` long. */
function labelList(noun: string, maxLength: number) {
  return z
    .array(
      z
        .string()
        .min(1, 'Must not be empty')
        .max(maxLength, `A ${noun} is at most ${maxLength} characters`),
    )
    .default([]);
}
const tagList = labelList('tag', LIMITS.tagLength);
const categoryList = labelList('category', LIMITS.categoryLength);

type Issue = (path: (string | number)[], message: string) => void;

/** A scheduled record must say when it appears. */
function checkSchedule(
  record: { status?: string | undefined; publishOn?: string | undefined },
  issue: Issue,
) {
  if (record.status === 'scheduled' && record.publishOn === undefined)
    issue(['publishOn'], 'A scheduled record needs publishOn (when it appears)');
}

/** A page or collection is open, password-protected or members-only: one of them. */
function checkAccess(
  record: {
    password?: string | undefined;
    passwordHash?: string | undefined;
    membersOnly: boolean;
  },
  issue: Issue,
) {
  if (record.password !== undefined && record.passwordHash !== undefined)
    issue(['passwordHash'], 'Give password or passwordHash, not both');
  if (record.membersOnly && (record.password !== undefined || record.passwordHash !== undefined))
    issue(['membersOnly'], 'A record is either password-protected or members-only, not both');
}

/** Reports each way `settings` fails one reader's schema, at its path under `settings`. */
function settingsIssues(schema: z.ZodType, settings: unknown, ctx: z.RefinementCtx): void {
  const parsed = schema.safeParse(settings);
  for (const problem of parsed.success ? [] : parsed.error.issues)
    ctx.addIssue({
      code: 'custom',
      path: ['settings', ...problem.path.map(String)],
      message: problem.message,
    });
}

const issuesOf =
  (ctx: z.RefinementCtx): Issue =>
  (path, message) =>
    ctx.addIssue({ code: 'custom', path, message });

/** An amount in minor units (cents for USD): a whole number, never negative. */
export const minorUnits = z
  .int('Must be a whole number of minor units (e.g. 4500 for $45.00)')
  .min(0, 'Must not be negative')
  .max(LIMITS.maxMinorUnits);

/** An http(s) address under 2083 characters, without whitespace. */
const webAddress = z
  .string()
  .max(2082)
  .regex(/^https?:\/\/\S+$/i, 'Must be an http(s) address without spaces');

const likeCount = z.int().min(0).max(LIMITS.maxQtyInStock).default(0);

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const RESERVED_SETTINGS = ['currency', 'timeZone', 'language'] as const;

export const websiteRecord = z
  .strictObject({
    id: recordId,
    title,
    currency: z
      .string()
      .refine(
        isSupportedCurrency,
        `Must be a store currency: ${Object.keys(CURRENCIES).join(', ')}`,
      )
      .default(DEFAULT_CURRENCY),
    timeZone: z
      .string()
      .refine(isTimeZone, 'Must be an IANA time zone such as "America/New_York"')
      .default('America/New_York'),
    language: z.string().min(2).max(35).default('en-US'),
    /**
     * The site's other settings (store, captcha, shipping, tax, …), kept as given; the keys
     * named here are checked (reviews: featureFlags, storeSettings).
     */
    settings: z
      .object({ ...reviewSettingsShape, ...checkoutSettingsShape })
      .catchall(z.json())
      .default({}),
  })
  .superRefine((website, ctx) => {
    // The settings forms read (captcha, mailing-list connections) must have their shape.
    settingsIssues(formSiteSettingsSchema, website.settings, ctx);
    // The settings the template context reads (feature flags, merchandising, pay-later, …).
    settingsIssues(siteContextSettingsSchema, website.settings, ctx);
    for (const key of RESERVED_SETTINGS) {
      if (key in website.settings) {
        ctx.addIssue({
          code: 'custom',
          path: ['settings', key],
          message: `Set ${key} on website itself, not inside settings`,
        });
      }
    }
    // The page-speed collector's rollout flags; the import writes them to the telemetry settings.
    if (website.settings.performanceFlags !== undefined) {
      const flags = performanceFlagsSchema.safeParse(website.settings.performanceFlags);
      for (const problem of flags.success ? [] : flags.error.issues)
        ctx.addIssue({
          code: 'custom',
          path: ['settings', 'performanceFlags', ...problem.path.map(String)],
          message: problem.message,
        });
    }
    // The promotional popup; a sign-up popup names a newsletter form.
    for (const problem of promoPopupIssues(website.settings))
      ctx.addIssue({
        code: 'custom',
        path: ['settings', ...problem.path],
        message: problem.message,
      });
    // A site-wide lock: every page asks for this password first (lock screen, page type 103).
    const { sitePassword, sitePasswordHash } = website.settings;
    if (sitePassword !== undefined && !password.safeParse(sitePassword).success)
      ctx.addIssue({
        code: 'custom',
        path: ['settings', 'sitePassword'],
        message: 'Must be a password of 1–200 characters',
      });
    if (sitePasswordHash !== undefined && !passwordHash.safeParse(sitePasswordHash).success)
      ctx.addIssue({
        code: 'custom',
        path: ['settings', 'sitePasswordHash'],
        message: 'Must be a hash written by `vitrine export` (scrypt$N$r$p$salt$hash)',
      });
    if (sitePassword !== undefined && sitePasswordHash !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['settings', 'sitePasswordHash'],
        message: 'Give sitePassword or sitePasswordHash, not both',
      });
  });

export const collectionRecord = z
  .strictObject({
    id: recordId,
    title,
    fullUrl,
    /** The spec's collection type code; 13 is a products collection, 1 a generic one (blog, events). */
    type: z
      .int()
      .refine(
        (code) => COLLECTION_TYPE_CODES.has(code),
        `Must be a collection type code: ${[...COLLECTION_TYPE_CODES].join(', ')}`,
      )
      .default(COLLECTION_TYPES.products),
    status,
    publishOn,
    description: optionalText,
    password,
    passwordHash,
    membersOnly: z.boolean().default(false),
    /** How its page lists the items: `grid` (cards, the default) or `list` (rows with excerpts). */
    view: z.enum(COLLECTION_VIEWS).default('grid'),
    /** Likes the collection has (simple liking), as the platform counted them. */
    likeCount,
  })
  .superRefine((collection, ctx) => {
    checkSchedule(collection, issuesOf(ctx));
    checkAccess(collection, issuesOf(ctx));
  });

export const pageRecord = z
  .strictObject({
    id: recordId,
    title,
    fullUrl,
    status,
    publishOn,
    description: optionalText,
    /** Merchant-authored HTML. */
    body: optionalText,
    blocks: z
      .array(z.looseObject({ type: z.string().min(1) }))
      .max(LIMITS.blocksPerLayout, `At most ${LIMITS.blocksPerLayout} blocks per layout`)
      .default([]),
    password,
    passwordHash,
    membersOnly: z.boolean().default(false),
  })
  .superRefine((page, ctx) => {
    checkSchedule(page, issuesOf(ctx));
    checkAccess(page, issuesOf(ctx));
    page.blocks.forEach((block, index) => {
      const items: unknown = block.items;
      if (
        block.type === 'gallery' &&
        Array.isArray(items) &&
        items.length > LIMITS.itemsPerOrderableCollection
      )
        ctx.addIssue({
          code: 'custom',
          path: ['blocks', index, 'items'],
          message: `At most ${LIMITS.itemsPerOrderableCollection} images per gallery`,
        });
    });
  });

/** Where an item of a generic collection (a post, an event) lives and when it shows. */
const collectionItemFields = {
  id: recordId,
  collectionId: recordId,
  title,
  fullUrl,
  status,
  publishOn,
};

/** A blog post: an item (record type text) of a generic collection. */
export const postRecord = z
  .strictObject({
    ...collectionItemFields,
    /** The author's display name. */
    author: z.string().trim().min(1, 'Must not be empty').max(200).optional(),
    excerpt: optionalText,
    /** Merchant-authored HTML. */
    body: optionalText,
    tags: tagList,
    categories: categoryList,
    /** Where the post's content comes from (a linked article): an http(s) address. */
    sourceUrl: webAddress.optional(),
    /** The post's link goes straight to sourceUrl instead of the post page. */
    passthrough: z.boolean().default(false),
    /** Likes the post has (simple liking), as the platform counted them. */
    likeCount,
  })
  .superRefine((post, ctx) => {
    checkSchedule(post, issuesOf(ctx));
    if (post.passthrough && post.sourceUrl === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['passthrough'],
        message: 'A passthrough post needs a sourceUrl',
      });
  });

export const eventLocationRecord = z.strictObject({
  addressTitle: z.string().max(500).optional(),
  addressLine1: z.string().max(500).optional(),
  addressLine2: z.string().max(500).optional(),
  addressCountry: z.string().max(200).optional(),
  mapLat: z.number().min(-90).max(90).optional(),
  mapLng: z.number().min(-180).max(180).optional(),
});

/** An event: an item (record type event) of a generic collection, with its dates and place. */
export const eventRecord = z
  .strictObject({
    ...collectionItemFields,
    startDate: isoDateTime,
    endDate: isoDateTime,
    /** Shown and exported to calendars as whole days in the site's time zone. */
    allDay: z.boolean().default(false),
    location: eventLocationRecord.optional(),
    excerpt: optionalText,
    /** Merchant-authored HTML. */
    body: optionalText,
    tags: tagList,
    categories: categoryList,
  })
  .superRefine((event, ctx) => {
    checkSchedule(event, issuesOf(ctx));
    if (Date.parse(event.endDate) < Date.parse(event.startDate))
      issuesOf(ctx)(['endDate'], 'Must not be before startDate');
  });

export const variantRecord = z.strictObject({
  id: recordId,
  sku: z.string().trim().min(1, 'Must not be empty').max(100),
  /** Option name → chosen value, e.g. { "Size": "M", "Colour": "Sand" }. */
  attributes: z.record(z.string().min(1), z.string().min(1)).default({}),
  price: minorUnits,
  salePrice: minorUnits.default(0),
  onSale: z.boolean().default(false),
  unlimited: z.boolean().default(false),
  qtyInStock: z
    .int('Must be a whole number')
    .min(0, 'Must not be negative')
    .max(LIMITS.maxQtyInStock)
    .default(0),
  /** Id of one of the product's images. */
  mainImageId: recordId.optional(),
});

export const subscriptionPlanRecord = z.strictObject({
  billingPeriod: z.strictObject({
    value: z.int().min(1).max(52),
    unit: z.enum(BILLING_PERIOD_UNITS),
  }),
  /** Number of billing cycles; 0 means until cancelled. */
  numBillingCycles: z.int().min(0).max(1000).default(0),
});

/**
 * An https:// (or http://) address, a path on the site ("/…"), or a file path relative to the
 * site file's folder ("images/shirt.jpg"): no other scheme, no "..", no backslash.
 */
const imageUrl = z
  .string()
  .min(1)
  .max(2000)
  .refine(
    (url) =>
      /^https?:\/\//i.test(url) ||
      (!/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.includes('\\') && !url.split('/').includes('..')),
    'Must be an https:// address, a site path ("/…") or a file inside the site file\'s folder (no "..")',
  );

/** A point of an image, 0–1 from the left and from the top. */
const focalPoint = z.strictObject({
  x: z.number().min(0, 'Must be 0–1').max(1, 'Must be 0–1'),
  y: z.number().min(0, 'Must be 0–1').max(1, 'Must be 0–1'),
});

export const imageRecord = z.strictObject({
  id: recordId,
  url: imageUrl,
  altText: z.string().max(1000).optional(),
  /** Where the subject is, kept in view when a layout crops the image; default 0.5,0.5. */
  focalPoint: focalPoint.optional(),
  /**
   * The image's colours as the platform's media items give them (e.g. suggestedBgColor,
   * topLeftAverage: six-digit hex without '#'), passed to templates as `colorData`.
   */
  colorData: z
    .record(
      z.string().regex(/^[A-Za-z]{1,40}$/, 'Must be a colour name such as "suggestedBgColor"'),
      z.string().regex(/^[0-9a-fA-F]{6}$/, 'Must be six hex digits, e.g. "a1b2c3"'),
    )
    .optional(),
});

export const productRecord = z
  .strictObject({
    id: recordId,
    collectionId: recordId.optional(),
    title,
    fullUrl,
    /** PHYSICAL 1, DIGITAL 2, SERVICE 3, GIFT_CARD 4, PAYWALL 5; other codes are "unknown". */
    productType: z.int('Must be a product type code (1 physical … 5 paywall)').min(1).max(32_767),
    status,
    publishOn,
    description: optionalText,
    excerpt: optionalText,
    tags: z.array(z.string().min(1).max(LIMITS.tagLength)).default([]),
    categories: z.array(z.string().min(1).max(LIMITS.categoryLength)).default([]),
    images: z.array(imageRecord).default([]),
    isSubscribable: z.boolean().default(false),
    subscriptionPlan: subscriptionPlanRecord.optional(),
    additionalFieldsFormId: recordId.optional(),
    useCustomAddButtonText: z.boolean().default(false),
    customAddButtonText: z.string().max(100).optional(),
    /** The product form's options as dropdowns (the default) or in the radio layout. */
    variantDisplay: z.enum(VARIANT_DISPLAYS).default('dropdown'),
    /** Option names in display order; when given, exactly the variants' option names. */
    variantOptionOrdering: z.array(z.string().min(1)).default([]),
    variants: z.array(variantRecord).min(1, 'A product needs at least one variant'),
  })
  .superRefine((product, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });

    checkSchedule(product, issue);
    if (product.isSubscribable) {
      if (
        product.productType !== PRODUCT_TYPES.PHYSICAL &&
        product.productType !== PRODUCT_TYPES.SERVICE
      ) {
        issue(['isSubscribable'], 'Only physical and service products can be subscriptions');
      }
      if (!product.subscriptionPlan) {
        issue(['subscriptionPlan'], 'A subscribable product needs a subscriptionPlan');
      }
    }
    if (product.useCustomAddButtonText && !product.customAddButtonText?.trim()) {
      issue(['customAddButtonText'], 'Required when useCustomAddButtonText is true');
    }
    if (product.productType === PRODUCT_TYPES.DIGITAL && product.variants.length !== 1) {
      issue(['variants'], 'A digital product has exactly one variant');
    }

    const imageIds = new Set(product.images.map((image) => image.id));
    const optionNames = Object.keys(product.variants[0]?.attributes ?? {}).sort();
    const combinations = new Map<string, number>();
    product.variants.forEach((variant, index) => {
      if (variant.onSale && variant.salePrice >= variant.price) {
        issue(
          ['variants', index, 'salePrice'],
          'A variant on sale needs a salePrice below its price',
        );
      }
      if (variant.mainImageId !== undefined && !imageIds.has(variant.mainImageId)) {
        issue(
          ['variants', index, 'mainImageId'],
          `No image "${variant.mainImageId}" in this product's images`,
        );
      }
      const names = Object.keys(variant.attributes).sort();
      if (names.join('\u0000') !== optionNames.join('\u0000')) {
        issue(
          ['variants', index, 'attributes'],
          `Every variant needs the same options (${optionNames.join(', ') || 'none'}); this one has ${names.join(', ') || 'none'}`,
        );
      }
      const combination = JSON.stringify(names.map((name) => variant.attributes[name]));
      const first = combinations.get(combination);
      if (first === undefined) combinations.set(combination, index);
      else issue(['variants', index, 'attributes'], `Same options as variants[${first}]`);
    });

    const ordering = product.variantOptionOrdering;
    if (ordering.length > 0 && [...ordering].sort().join('\u0000') !== optionNames.join('\u0000')) {
      issue(
        ['variantOptionOrdering'],
        `Must list each option name once: ${optionNames.join(', ') || '(no options)'}`,
      );
    }
  });

export const formFieldRecord = z
  .strictObject({
    id: recordId,
    type: z.enum(FORM_FIELD_TYPES),
    title: z.string().max(500).optional(),
    required: z.boolean().default(false),
    maxLength: z.int().min(1).max(100_000).optional(),
    options: z.array(z.string().min(1).max(500)).min(1).optional(),
    description: z.string().max(5000).optional(),
    placeholder: z.string().max(500).optional(),
    currencySymbol: z.string().max(8).optional(),
    showCountryCode: z.boolean().optional(),
    underline: z.boolean().optional(),
    /** Hidden fields: the query parameter name and the default value. */
    key: z.string().min(1).max(200).optional(),
    value: z.string().max(5000).optional(),
  })
  .superRefine((field, ctx) => {
    if (OPTION_FIELD_TYPES.includes(field.type) && !field.options) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `A ${field.type} field needs options`,
      });
    }
    if (!OPTION_FIELD_TYPES.includes(field.type) && field.options) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `A ${field.type} field takes no options`,
      });
    }
    if (field.maxLength !== undefined && !MAX_LENGTH_FIELD_TYPES.includes(field.type)) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxLength'],
        message: `maxLength applies to ${MAX_LENGTH_FIELD_TYPES.join(' and ')} fields only`,
      });
    }
    if (field.type === 'hidden' && field.key === undefined) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: 'A hidden field needs a key' });
    }
    // Type-specific builder settings (src/shared/forms/block-schema.ts) only on the types that take them.
    const takes = builderSettings(field.type, { textareaMaxLength: true });
    for (const setting of TYPE_SPECIFIC_SETTINGS) {
      if (field[setting] !== undefined && !takes.includes(setting)) {
        ctx.addIssue({
          code: 'custom',
          path: [setting],
          message: `A ${field.type} field takes no ${setting}`,
        });
      }
    }
  });

/** Builder settings that belong to some field types only (title, required, options and maxLength are checked above). */
const TYPE_SPECIFIC_SETTINGS = [
  'placeholder',
  'currencySymbol',
  'showCountryCode',
  'underline',
  'value',
] as const;

export const formRecord = z
  .strictObject({
    id: recordId,
    name: z.string().trim().min(1).max(200).default('My Form Name'),
    fields: z.array(formFieldRecord),
    submissionMessage: optionalText,
    submissionHTML: optionalText,
    successRedirect: z.string().max(2000).optional(),
    disclaimerMessage: optionalText,
    captchaEnabled: z.boolean().default(false),
    /** The merchant turned the form's validation off: answers are no longer checked against
     * required, maxLength and email rules (src/shared/forms/validate.ts). */
    validationDisabled: z.boolean().optional(),
    captchaTheme: z.string().max(50).optional(),
    captchaAlignment: z.string().max(50).optional(),
  })
  .superRefine((form, ctx) => {
    const seen = new Map<string, number>();
    form.fields.forEach((field, index) => {
      const first = seen.get(field.id);
      if (first === undefined) seen.set(field.id, index);
      else
        ctx.addIssue({
          code: 'custom',
          path: ['fields', index, 'id'],
          message: `Duplicate field id (also fields[${first}])`,
        });
    });
  });

export const reviewRecord = z.strictObject({
  id: recordId,
  productId: recordId,
  userName: z.string().trim().min(1).max(200),
  reviewDate: z.iso.datetime({
    offset: true,
    message: 'Must be an ISO 8601 date-time, e.g. 2026-03-14T15:09:26Z',
  }),
  starRating: z.int().min(1).max(5),
  /** Plain text; markup is stripped on import. */
  reviewText: z.string().max(10_000),
  imageUrl: z.string().max(2000).optional(),
});
