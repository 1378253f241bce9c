/**
 * Bodies and queries of the cart and stock endpoints (docs/behaviour/cart.md#cart-calls), shared by the server's
 * routes and the browser's callers. Quantities stay `unknown` here on purpose: the spec words
 * their errors itself ('Quantity must be a number.', …), so `parseQuantity` judges them.
 */
import { z } from 'zod';

/** Catalog ids come from the import file: short text. */
const id = z.string().trim().min(1, 'is required').max(200, 'is too long');
/** Extra-field answers as the text of a JSON object; forms are small, this bounds the stored row. */
const additionalFieldsText = z.string().max(65_536, 'is too long').nullable();

export const addEntryBody = z.object({
  itemId: id,
  sku: z.string().max(200, 'is too long').nullable().optional(),
  quantity: z.unknown().optional(),
  additionalFields: additionalFieldsText.optional(),
});
export type AddEntryBody = z.infer<typeof addEntryBody>;

/** POST /api/3/commerce/cart/subscription (docs/behaviour/subscriptions.md#subscription-calls): the quantity is named `qty` here. */
export const subscriptionCartBody = z.object({
  itemId: id,
  sku: z.string().max(200, 'is too long').nullable().optional(),
  qty: z.unknown().optional(),
  additionalFields: additionalFieldsText.optional(),
});
export type SubscriptionCartBody = z.infer<typeof subscriptionCartBody>;

export const addEntryQuery = z.object({
  isExpress: z.enum(['true', 'false']).optional(),
});

export const updateAdditionalFieldsBody = z.object({
  itemId: id,
  sku: z.string().max(200, 'is too long').nullable().optional(),
  additionalFields: additionalFieldsText,
});
export type UpdateAdditionalFieldsBody = z.infer<typeof updateAdditionalFieldsBody>;

/** Path parameter of the entry endpoints; an id that matches nothing is a 404, not a 400. */
export const entryParams = z.object({ entryId: z.string().min(1).max(200) });

export const changeQuantityBody = z.object({ quantity: z.unknown().optional() });

export const stockQuery = z.object({ itemId: id });

// Plain HTML form posts (JavaScript off). Every field arrives as text; `crumb` is checked by
// the CSRF hook before these are read.

export const cartAddForm = z
  .object({
    itemId: id,
    sku: z.string().max(200).optional(),
    quantity: z.string().max(40).optional(),
    additionalFields: z.string().max(65_536).optional(),
    // The gift card page's recipient fields; their rules are in shared/giftcards/recipient.ts.
    recipientEmail: z.string().max(1_000).optional(),
    giftMessage: z.string().max(10_000).optional(),
  })
  .catchall(z.unknown());

export const cartUpdateForm = z.object({
  entryId: z.string().min(1).max(200),
  quantity: z.string().max(40),
});

export const cartRemoveForm = z.object({ entryId: z.string().min(1).max(200) });

/** Option fields of the add form are named `options[<option name>]`. */
export function optionsFromForm(body: Readonly<Record<string, unknown>>): Record<string, string> {
  const options: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    const match = /^options\[(.{1,100})\]$/.exec(key);
    if (match?.[1] !== undefined && typeof value === 'string') options[match[1]] = value;
  }
  return options;
}

/**
 * Extra-field answers typed into the add form itself (JavaScript off: no lightbox), as fields
 * named `fields[<field id>]`; a repeated name (checkbox group) gives a list. Undefined when the
 * form has none, so a product without an extra-fields form is posted as before.
 */
export function answersFromForm(
  body: Readonly<Record<string, unknown>>,
): Record<string, string | string[] | Record<string, string>> | undefined {
  const answers: Record<string, string | string[] | Record<string, string>> = {};
  let found = false;
  for (const [key, value] of Object.entries(body)) {
    // A likert question is a radio group of its own: `fields[<field id>][<question>]`.
    const likert = /^fields\[([^\]]{1,100})\]\[([^\]]{1,200})\]$/.exec(key);
    if (likert?.[1] !== undefined && likert[2] !== undefined) {
      if (typeof value !== 'string') continue;
      const map = answers[likert[1]];
      answers[likert[1]] = {
        ...(typeof map === 'object' && !Array.isArray(map) ? map : {}),
        [likert[2]]: value,
      };
      found = true;
      continue;
    }
    const match = /^fields\[([^\]]{1,100})\]$/.exec(key);
    if (match?.[1] === undefined) continue;
    if (typeof value === 'string') answers[match[1]] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
      answers[match[1]] = value;
    else continue;
    found = true;
  }
  return found ? answers : undefined;
}
