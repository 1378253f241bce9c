/**
 * The product page's purchase form as template data: a plain `<form method="post">` that buys
 * without JavaScript (DESIGN.md §1) — option dropdowns in the product's option order, the
 * quantity where the product allows one, the extra-fields form's simple fields, and the button.
 * The product form island hydrates over the same markup. Gift cards go to the gift card page;
 * subscriptions post to the subscription cart and continue on the subscription page.
 */
import { PRODUCT_TYPES } from '../../shared/catalog/product-types.ts';
import type { FormFieldDefinition, FormFieldType } from '../../shared/forms/field-types.ts';
import { QUANTITY_MAX, QUANTITY_MIN } from '../../shared/cart/quantity.ts';

/** What the form needs of a product (from its row and variants). */
export interface PurchasableItem {
  readonly id: string;
  readonly productType: number;
  readonly isSubscribable: boolean;
  readonly useCustomAddButtonText: boolean;
  readonly customAddButtonText: string | null | undefined;
  readonly variantOptionOrdering: readonly string[];
  readonly variants: readonly {
    readonly sku: string;
    readonly attributes: Readonly<Record<string, string>>;
  }[];
}

/** Field types a plain form can answer in one input; composite ones need the island. */
const PLAIN_FIELD_TYPES: readonly FormFieldType[] = [
  'text',
  'textarea',
  'email',
  'number',
  'website',
  'currency',
  'select',
  'radio',
  'checkbox',
  'section',
];

const INPUT_TYPES: Partial<Record<FormFieldType, string>> = {
  email: 'email',
  number: 'number',
  website: 'url',
  currency: 'number',
};

export interface PurchaseField {
  readonly id: string;
  readonly name: string;
  readonly inputId: string;
  readonly title: string;
  readonly description?: string;
  readonly placeholder?: string;
  readonly required: boolean;
  readonly maxLength?: number;
  readonly inputType: string;
  readonly options: readonly { readonly value: string; readonly inputId: string }[];
  readonly isTextarea: boolean;
  readonly isSelect: boolean;
  readonly isChoice: boolean;
  readonly isCheckbox: boolean;
  readonly isSection: boolean;
  readonly isInput: boolean;
}

function purchaseField(field: FormFieldDefinition): PurchaseField {
  const inputId = `product-field-${field.id}`;
  const isCheckbox = field.type === 'checkbox';
  return {
    id: field.id,
    name: `fields[${field.id}]`,
    inputId,
    title: field.title ?? field.id,
    ...(field.description === undefined ? {} : { description: field.description }),
    ...(field.placeholder === undefined ? {} : { placeholder: field.placeholder }),
    required: field.required === true,
    ...(field.maxLength === undefined ? {} : { maxLength: field.maxLength }),
    inputType: INPUT_TYPES[field.type] ?? 'text',
    options: (field.options ?? []).map((value, index) => ({
      value,
      inputId: `${inputId}-${index}`,
    })),
    isTextarea: field.type === 'textarea',
    isSelect: field.type === 'select',
    isChoice: field.type === 'radio' || isCheckbox,
    isCheckbox,
    isSection: field.type === 'section',
    isInput: !['textarea', 'select', 'radio', 'checkbox', 'section'].includes(field.type),
  };
}

/** Option names in display order: the product's ordering, else the first variant's keys. */
function optionNames(item: PurchasableItem): string[] {
  if (item.variantOptionOrdering.length > 0) return [...item.variantOptionOrdering];
  const names: string[] = [];
  for (const variant of item.variants)
    for (const name of Object.keys(variant.attributes)) if (!names.includes(name)) names.push(name);
  return names;
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
  const isSubscription =
    item.isSubscribable && (type === PRODUCT_TYPES.PHYSICAL || type === PRODUCT_TYPES.SERVICE);
  const names = optionNames(item);
  const options =
    item.variants.length > 1
      ? names.map((name, index) => ({
          name,
          fieldName: `options[${name}]`,
          inputId: `product-option-${index}`,
          values: [
            ...new Set(
              item.variants
                .map((variant) => variant.attributes[name])
                .filter((value): value is string => value !== undefined),
            ),
          ].map((value) => ({ value })),
        }))
      : [];
  const fields = (extraFields ?? []).filter((field) => field.type !== 'hidden');
  const plain = fields.every((field) => PLAIN_FIELD_TYPES.includes(field.type));
  return {
    itemId: item.id,
    isCart: sellable && !isGiftCard,
    isGiftCard,
    isSubscription,
    isUnavailable: !sellable,
    giftCardUrl: `/commerce/gift-card?itemId=${encodeURIComponent(item.id)}`,
    sku: item.variants.length === 1 ? item.variants[0]?.sku : undefined,
    hasOptions: options.length > 0,
    options,
    // Digital goods sell one at a time; services only when the site allows more (template).
    quantityAlways: type === PRODUCT_TYPES.PHYSICAL,
    isService: type === PRODUCT_TYPES.SERVICE,
    quantityMin: QUANTITY_MIN,
    quantityMax: QUANTITY_MAX,
    customButtonText:
      item.useCustomAddButtonText && item.customAddButtonText?.trim()
        ? item.customAddButtonText.trim()
        : undefined,
    fields: plain ? fields.map(purchaseField) : [],
    // A composite field (name, address, date, …) is answered in the island's form.
    fieldsNeedScript: !plain,
  };
}

export type PurchaseFormContext = ReturnType<typeof purchaseFormContext>;
