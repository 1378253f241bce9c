/**
 * The cart page island's props: the cart as the page shows it (entries with their image, options,
 * answers and the extra-fields form to edit them), built on the server by
 * src/server/modules/cart/cart-island-props.ts. Props arrive as JSON, so the island checks
 * their shape; the server checks them against these schemas before writing them into the page, and
the browser parses them again only where it reads them from a fresh render (cart-api.ts), with
this module fetched then (docs/adr/019-island-props-checked-where-they-are-built.md). Zod Mini,
as every schema the browser loads (ADR 006).
 */
import { z } from 'zod/mini';
import { payLaterTeaserProps } from '../../shared/pay-later/teaser.ts';
import { isFormFieldType, type FormFieldDefinition } from '../../shared/forms/field-types.ts';

const fieldDefinition = z.custom<FormFieldDefinition>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    isFormFieldType((value as { type?: unknown }).type),
);

export const cartLineProps = z.object({
  id: z.string().check(z.minLength(1)),
  itemId: z.string().check(z.minLength(1)),
  sku: z.nullable(z.string()),
  title: z.string(),
  fullUrl: z.nullable(z.string()),
  image: z.nullable(z.object({ url: z.string(), altText: z.string() })),
  quantity: z.int().check(z.minimum(0)),
  quantityEditable: z.boolean(),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
  answers: z.array(z.object({ title: z.string(), value: z.string() })),
  /** The stored answers keyed by field id, which the edit form starts from. */
  additionalFields: z.nullable(z.record(z.string(), z.unknown())),
  /** The product's extra-fields form, when it has one: then the answers can be edited. */
  form: z.nullable(z.object({ formId: z.string(), fields: z.array(fieldDefinition) })),
  unitPriceCents: z.int(),
  subTotalCents: z.int(),
});
export type CartLine = z.infer<typeof cartLineProps>;

export const cartPageProps = z.object({
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  locale: z.string().check(z.minLength(2), z.maxLength(35)),
  checkoutUrl: z.string(),
  shopUrl: z.string(),
  quantityMin: z.int(),
  quantityMax: z.int(),
  subtotalCents: z.int(),
  totalQuantity: z.int().check(z.minimum(0)),
  productTypes: z.array(z.int()),
  entries: z.array(cartLineProps),
  /** The pay-later teaser's props for this cart, when the site offers pay-later at all. */
  payLaterTeaser: z.nullable(payLaterTeaserProps),
  /** The entry whose answers editor a refused plain form post opens again, with field errors. */
  reopenedAnswers: z.optional(
    z.nullable(z.object({ entryId: z.string(), errors: z.record(z.string(), z.string()) })),
  ),
});
export type CartPageProps = z.infer<typeof cartPageProps>;
