/**
 * The restock form island's props, read from a product item of the page context (its
 * `merchandising` restock context and its variants with `soldOut`, src/server/render/
 * merchandising-context.ts) and the context root (the site's captcha settings). Nothing of the
 * visitor: the template puts the crumb field beside the island (restockFormId).
 * Undefined when the product takes no restock sign-ups: the page then shows no restock block.
 */
import { CAPTCHA_PROVIDERS, type CaptchaProvider } from '../forms/site-settings.ts';
import { RESTOCK_MESSAGES } from './messages.ts';
import { restockEligibility } from './eligibility.ts';

export interface RestockMessages {
  readonly heading: string;
  readonly emailLabel: string;
  readonly submit: string;
  readonly mailingList: string;
  readonly success: string;
  readonly emailBlank: string;
  readonly emailInvalid: string;
  readonly captchaIncomplete: string;
}

export interface RestockVariantOption {
  readonly id: string;
  /** The variant's option values ('L / Sand'), or its SKU. */
  readonly label: string;
}

export interface RestockCaptcha {
  readonly siteKey: string;
  readonly provider: CaptchaProvider;
}

export interface RestockFormProps {
  readonly itemId: string;
  /** The variants sold out when the page was rendered, which take sign-ups. */
  readonly soldOutVariants: readonly RestockVariantOption[];
  /** A product with one variant has it chosen from the start. */
  readonly onlyVariantId: string | null;
  readonly messages: RestockMessages;
  readonly mailingListSignUpEnabled: boolean;
  readonly mailingListOptInByDefault: boolean;
  /** Present when the site has a captcha site key. */
  readonly captcha: RestockCaptcha | null;
}

type Json = Readonly<Record<string, unknown>>;

const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : fallback;

const DEFAULT_MESSAGES: RestockMessages = {
  heading: 'Get notified when this is back in stock',
  emailLabel: 'Email address',
  submit: 'Notify me',
  mailingList: 'Also sign me up for news and updates',
  success: "Thank you. We'll email you when it's back in stock.",
  emailBlank: RESTOCK_MESSAGES.emailBlank,
  emailInvalid: RESTOCK_MESSAGES.emailInvalid,
  captchaIncomplete: RESTOCK_MESSAGES.captchaIncomplete,
};

function messagesOf(value: unknown): RestockMessages {
  const given = record(value);
  const messages: Record<string, string> = {};
  for (const [key, fallback] of Object.entries(DEFAULT_MESSAGES) as [string, string][])
    messages[key] = text(given[key], fallback);
  return messages as unknown as RestockMessages;
}

function variantLabel(variant: Json): string {
  const values = Array.isArray(variant.optionValues)
    ? (variant.optionValues as unknown[])
        .map((option) => text(record(option).value, ''))
        .filter(Boolean)
    : [];
  return values.length > 0 ? values.join(' / ') : text(variant.sku, text(variant.id, ''));
}

function captchaOf(root: Json): RestockCaptcha | null {
  const settings = record(record(root.websiteSettings).captchaSettings);
  const siteKey = settings.siteKey;
  if (typeof siteKey !== 'string' || siteKey.trim() === '') return null;
  const provider = CAPTCHA_PROVIDERS.find((known) => known === settings.provider) ?? 'altcha';
  return { siteKey, provider };
}

export function restockFormProps(item: unknown, root: unknown): RestockFormProps | undefined {
  const product = record(item);
  const merchandising = record(product.merchandising);
  const content = record(product.structuredContent);
  if (typeof product.id !== 'string' || merchandising.restockNotificationsEnabled !== true)
    return undefined;
  const variants = (Array.isArray(content.variants) ? content.variants : []).map(record);
  const productType = typeof content.productType === 'number' ? content.productType : 0;
  // Digital goods and gift cards never run out: nothing to wait for.
  if (restockEligibility(productType, { unlimited: false, qtyInStock: 0 }) === 'not-stocked')
    return undefined;
  const context = record(root);
  const onlyVariant = variants.length === 1 ? variants[0] : undefined;
  return {
    itemId: product.id,
    soldOutVariants: variants
      .filter((variant) => variant.soldOut === true && typeof variant.id === 'string')
      .map((variant) => ({ id: variant.id as string, label: variantLabel(variant) })),
    onlyVariantId: typeof onlyVariant?.id === 'string' ? onlyVariant.id : null,
    messages: messagesOf(merchandising.restockNotificationMessages),
    mailingListSignUpEnabled: merchandising.mailingListSignUpEnabled === true,
    mailingListOptInByDefault: merchandising.mailingListOptInByDefault === true,
    captcha: captchaOf(context),
  };
}
