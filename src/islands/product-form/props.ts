/**
 * The product form island's props: everything the server knows of the product, its stock and
 * the store's settings, as JSON (src/server/render/purchase-form.ts builds them).
 */
import type { VariantFields } from '../../shared/catalog/variant-fields.ts';
import type { FormFieldDefinition } from '../../shared/forms/field-types.ts';
import type { ProductOption } from '../../shared/catalog/variant-selection.ts';
import type { ScarcityContext } from '../../shared/catalog/variant-display.ts';
import type { SoldOutSettings, VariantLayout } from '../../shared/catalog/option-values.ts';

export interface VariantImage {
  readonly src: string;
  readonly srcset: string;
  readonly alt: string;
}

export interface FormVariant extends VariantFields {
  /** The id of the variant's main image in `images`, when it has one. */
  readonly imageId?: string;
}

/** Which form the product gets: the cart's, a gift card's, or none (not sold here). */
export type FormKind = 'cart' | 'subscription' | 'gift-card' | 'none';

export interface ProductFormLabels {
  /** The add button: the product's custom text, else 'Add to Cart' (or 'Subscribe'). */
  readonly add: string;
  /** The express and gift card button: 'Purchase'. */
  readonly purchase: string;
  readonly selectOption: string;
  readonly selectGiftCardValue: string;
}

export interface ProductFormProps {
  readonly itemId: string;
  readonly productType: number;
  readonly kind: FormKind;
  readonly layout: VariantLayout;
  /** A refused plain post's catalog message, carried back in the URL. */
  readonly cartError?: string;
  readonly options: readonly ProductOption[];
  readonly variants: readonly FormVariant[];
  /** The product's images by id: each variant's main image is one of them. */
  readonly images: Readonly<Record<string, VariantImage>>;
  readonly showQuantity: boolean;
  readonly labels: ProductFormLabels;
  readonly money: { readonly currency: string; readonly locale: string; readonly cldr: boolean };
  readonly isSubscribable: boolean;
  readonly subscriptionPlan: unknown;
  /** The store's subscription wording option: a plan's length stays in its own unit. */
  readonly keepOriginalUnit?: boolean;
  readonly soldOut: SoldOutSettings & { readonly customSoldOutText: string };
  readonly scarcity?: ScarcityContext;
  readonly branching: boolean;
  /** Physical goods and services run out; digital goods and gift cards never do. */
  readonly tracksStock: boolean;
  readonly extraFields?: {
    readonly formId: string;
    readonly title?: string;
    readonly fields: readonly FormFieldDefinition[];
  };
  readonly giftCardPath: string;
  /** Keep `?variant=` in the page's address (false in the quick view, which is not the page). */
  readonly reflectsUrl?: boolean;
}
