/**
 * The product page's purchase form: the page's `purchase` context (what kind of form the product
 * gets, its options, button text and extra fields) and, from it and the template data around
 * it, the props of the product form island that `{purchase|product-form}` renders. The island
 * server-renders a plain `<form method="post">` that buys without JavaScript (docs/behaviour/storefront-pages.md#without-javascript) and
 * hydrates over the same markup. Gift cards go to the gift card page; subscriptions post to the
 * subscription cart and continue on the subscription page.
 */
import { PRODUCT_TYPES } from '../../shared/catalog/product-types.ts';
import type { FormFieldDefinition } from '../../shared/forms/field-types.ts';
import type { VariantDisplay } from '../../shared/site-file/enums.ts';
import { optionNames } from '../../shared/cart/choose-variant.ts';
import { tracksStock } from '../../shared/cart/purchase-rules.ts';
import { showsQuantityInput } from '../../shared/cart/quantity-input.ts';
import { branchingEnabled } from '../../shared/catalog/variant-branching.ts';
import { productOptions } from '../../shared/catalog/variant-selection.ts';
import type {
  FormKind,
  FormVariant,
  ProductFormProps,
  VariantImage,
} from '../../islands/product-form/props.ts';

/** The gift card page (modules/giftcards/gift-card-page.ts): `?itemId=…&sku=…`. */
const GIFT_CARD_PATH = '/commerce/gift-card';

/** What the form needs of a product (from its row and variants). */
export interface PurchasableItem {
  readonly id: string;
  readonly productType: number;
  readonly isSubscribable: boolean;
  readonly useCustomAddButtonText: boolean;
  readonly customAddButtonText: string | null | undefined;
  /** Dropdowns, or the radio layout (the template can also ask for radios). */
  readonly variantDisplay?: VariantDisplay | undefined;
  readonly variantOptionOrdering: readonly string[];
  readonly variants: readonly {
    readonly sku: string;
    readonly attributes: Readonly<Record<string, string>>;
  }[];
}

export function purchaseFormContext(
  item: PurchasableItem,
  extraFields: readonly FormFieldDefinition[] | undefined,
) {
  const type = item.productType;
  const isGiftCard = type === PRODUCT_TYPES.GIFT_CARD;
  const sellable =
    type === PRODUCT_TYPES.PHYSICAL ||
    type === PRODUCT_TYPES.DIGITAL ||
    type === PRODUCT_TYPES.SERVICE ||
    isGiftCard;
  return {
    itemId: item.id,
    productType: type,
    isCart: sellable && !isGiftCard,
    isGiftCard,
    isSubscribable: item.isSubscribable,
    // Subscriptions are sold for physical goods and services only (docs/behaviour/subscriptions.md#what-may-be-a-subscription).
    isSubscription:
      item.isSubscribable && (type === PRODUCT_TYPES.PHYSICAL || type === PRODUCT_TYPES.SERVICE),
    /** Option names in display order: the product's ordering, then attributes it leaves out. */
    optionNames: item.variants.length > 1 ? optionNames(item) : [],
    customButtonText:
      item.useCustomAddButtonText && item.customAddButtonText?.trim()
        ? item.customAddButtonText.trim()
        : undefined,
    // The island renders every field (composite ones as their parts) in the plain form and
    // asks them in the lightbox once it runs.
    extraFields: [...(extraFields ?? [])],
    variantDisplay: item.variantDisplay ?? 'dropdown',
  };
}

export type PurchaseFormContext = ReturnType<typeof purchaseFormContext>;

type Rec = Readonly<Record<string, unknown>>;
const rec = (value: unknown): Rec =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Rec) : {};
const text = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : fallback;
const num = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

/** The image box's rendition of a product image: the theme's 750w src and its srcset. */
function variantImage(asset: Rec): VariantImage {
  const url = text(asset.assetUrl);
  const widths = text(asset.systemDataVariants)
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => /^\d+w$/.test(entry));
  return {
    src: `${url}?format=750w`,
    srcset: widths.map((width) => `${url}?format=${width} ${width}`).join(','),
    alt: text(asset.altText),
  };
}

/** The product's images that are some variant's main image, by id. */
function variantImages(item: Rec, variants: readonly FormVariant[]): Record<string, VariantImage> {
  const used = new Set(variants.map((variant) => variant.imageId));
  const images: Record<string, VariantImage> = {};
  for (const asset of Array.isArray(item.items) ? item.items : []) {
    const id = text(rec(asset).id);
    if (id !== '' && used.has(id)) images[id] = variantImage(rec(asset));
  }
  return images;
}

function formVariants(item: Rec): FormVariant[] {
  const content = rec(item.structuredContent);
  const variants = Array.isArray(content.variants) ? content.variants : [];
  return variants.map((value) => {
    const variant = rec(value);
    const imageId = text(variant.mainImageId);
    const attributes: Record<string, string> = {};
    for (const [name, option] of Object.entries(rec(variant.attributes)))
      if (typeof option === 'string') attributes[name] = option;
    return {
      id: text(variant.id),
      sku: text(variant.sku),
      attributes,
      price: num(variant.price),
      salePrice: num(variant.salePrice),
      onSale: variant.onSale === true,
      unlimited: variant.unlimited === true,
      qtyInStock: num(variant.qtyInStock),
      ...(imageId === '' ? {} : { imageId }),
    };
  });
}

function formKind(purchase: PurchaseFormContext): FormKind {
  if (purchase.isGiftCard) return 'gift-card';
  if (!purchase.isCart) return 'none';
  return purchase.isSubscription ? 'subscription' : 'cart';
}

/**
 * The product form island's props, from the page's purchase context and the template data
 * around it (the item with its stock and images, its merchandising context, the site's store
 * settings, flags, strings and money format, and a refused post's message). Nothing of the
 * visitor: the island's HTML is shared by all (the template puts the crumb beside it).
 * `layout`: the product's variantDisplay, or the widget's argument `{purchase|product-form radio}`.
 */
export function productFormProps(
  purchase: PurchaseFormContext,
  root: unknown,
  args: readonly string[],
): ProductFormProps {
  const data = rec(root);
  const item = rec(data.item);
  const content = rec(item.structuredContent);
  const website = rec(data.website);
  const websiteSettings = rec(data.websiteSettings);
  const store = rec(websiteSettings.storeSettings);
  const strings = rec(data.localizedStrings);
  const merchandising = rec(item.merchandising);
  const variants = formVariants(item);
  const kind = formKind(purchase);
  const subscribeLabel = text(strings.subscribe, 'Subscribe');
  const formId = text(content.additionalFieldsFormId);
  const cartError = text(data.cartError);
  return {
    itemId: purchase.itemId,
    productType: purchase.productType,
    kind,
    // The product's own choice, or the template's `{purchase|product-form radio}`.
    layout: args.includes('radio') || purchase.variantDisplay === 'radio' ? 'radio' : 'dropdown',
    ...(cartError === '' ? {} : { cartError }),
    options: productOptions({
      productType: purchase.productType,
      variants,
      variantOptionOrdering: purchase.optionNames,
    }),
    variants,
    images: variantImages(item, variants),
    showQuantity: showsQuantityInput(
      { productType: purchase.productType, isSubscribable: purchase.isSubscribable, variants },
      websiteSettings.multipleQuantityAllowedForServices === true,
    ),
    labels: {
      add:
        purchase.customButtonText ??
        (kind === 'subscription' ? subscribeLabel : text(strings.addToCart, 'Add to Cart')),
      purchase: text(strings.purchase, 'Purchase'),
      selectOption: text(strings.selectOption, 'Select {variantName}'),
      selectGiftCardValue: text(strings.selectGiftCardValue, 'Select Value'),
    },
    money: {
      currency: text(website.currency, 'USD'),
      locale: text(website.language, 'en-US'),
      cldr: websiteSettings.useCLDRMoneyFormat !== false,
    },
    isSubscribable: purchase.isSubscribable,
    subscriptionPlan: content.subscriptionPlan ?? null,
    keepOriginalUnit: store.subscriptionKeepsOriginalUnit === true,
    soldOut: {
      soldOutDropdownDisabled: store.soldOutDropdownDisabled === true,
      restockNotificationsEnabled: merchandising.restockNotificationsEnabled === true,
      customSoldOutText: text(merchandising.customSoldOutText, text(store.customSoldOutText)),
    },
    ...(merchandising.scarcityEnabled === true
      ? {
          scarcity: {
            scarcityEnabled: true,
            scarcityThreshold: num(merchandising.scarcityThreshold),
            scarcityText: text(merchandising.scarcityText),
            scarcityShownByDefault: merchandising.scarcityShownByDefault === true,
          },
        }
      : {}),
    branching: branchingEnabled(
      rec(data.featureFlags).productBranching === true,
      text(website.templateVersion),
    ),
    tracksStock: tracksStock(purchase.productType),
    ...(formId !== '' && purchase.extraFields.length > 0
      ? { extraFields: { formId, fields: purchase.extraFields } }
      : {}),
    giftCardPath: GIFT_CARD_PATH,
  };
}

/** Whether a widget's node is the purchase context this file builds (the template's `purchase`). */
export function isPurchaseFormContext(node: unknown): node is PurchaseFormContext {
  const value = rec(node);
  return typeof value.itemId === 'string' && Array.isArray(value.optionNames);
}

/** The quick view's props for a collection's product card (the `product-quick-view` widget). */
export function quickViewProps(
  node: unknown,
  root: unknown,
): { itemId: string; url: string; title: string; label: string } | undefined {
  const item = rec(node);
  const itemId = text(item.id);
  const url = text(item.fullUrl);
  if (itemId === '' || !url.startsWith('/')) return undefined;
  return {
    itemId,
    url,
    title: text(item.title),
    label: text(rec(rec(root).localizedStrings).quickView, 'Quick View'),
  };
}
