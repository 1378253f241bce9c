/**
 * A cart API answer as browser code reads it: the cart itself (GET /api/commerce/shopping-cart)
 * or an answer carrying it as `shoppingCart` (the entry calls). The parts of ShoppingCart a page
 * uses are checked against the shape ShoppingCart gives them; anything else is not a cart.
 * Zod Mini, as every schema the browser loads (docs/adr/006-zod-mini-in-the-browser.md).
 */
import { z } from 'zod/mini';
import type { ShoppingCart } from './shopping-cart.ts';

/** What a page needs of the cart: its totals, its entries and the product type of each item. */
export type ShoppingCartAnswer = Pick<
  ShoppingCart,
  'subtotalCents' | 'totalQuantity' | 'entries' | 'items'
>;

const cartEntry = z.object({
  id: z.string(),
  itemId: z.string(),
  quantity: z.number(),
  chosenVariant: z.object({
    sku: z.nullable(z.string()),
    attributes: z.record(z.string(), z.string()),
  }),
  title: z.string(),
  subTotal: z.number(),
  purchasePriceCents: z.number(),
  additionalFields: z.nullable(z.record(z.string(), z.unknown())),
});

const shoppingCartAnswer = z.object({
  subtotalCents: z.number(),
  totalQuantity: z.number(),
  entries: z.array(cartEntry),
  items: z.array(z.object({ itemId: z.string(), productType: z.number() })),
});

/** The cart of an API answer, or null when it is not one. */
export function readShoppingCart(value: unknown): ShoppingCartAnswer | null {
  const carried =
    typeof value === 'object' && value !== null && 'shoppingCart' in value
      ? value.shoppingCart
      : value;
  const parsed = shoppingCartAnswer.safeParse(carried);
  return parsed.success ? parsed.data : null;
}
