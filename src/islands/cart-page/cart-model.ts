/**
 * The cart page's model (docs/behaviour/cart.md#the-cart-page): the cart's lines and totals, the one
 * change in flight, the `recalculating` flag set between recalculate-start and recalculate-end
 * (while an entry's form answers are saved and the cart is priced again), each entry's error in
 * plain words, and the sentence for the page's live region. A pure reducer: the island
 * dispatches events, tests drive it directly.
 */
import { answerLines } from '../../shared/cart/entry-answers.ts';
// A type only: the answers' schemas (with zod) come with the first cart call (cart-api.ts).
import type { ShoppingCartAnswer } from '../../shared/cart/shopping-cart-answer.ts';
import { PRODUCT_TYPES } from '../../shared/catalog/product-types.ts';
import type { CartLine } from './props.ts';

export type EntryChange = 'quantity' | 'remove';

export interface CartModel {
  readonly lines: readonly CartLine[];
  readonly subtotalCents: number;
  readonly totalQuantity: number;
  readonly productTypes: readonly number[];
  /** The change waiting for the server's answer; every cart control is disabled meanwhile. */
  readonly pending: { readonly entryId: string; readonly change: EntryChange } | null;
  /** Set between recalculate-start and recalculate-end; every cart control is disabled. */
  readonly recalculating: boolean;
  /** The last refusal of a change, by entry id, in the server's words. */
  readonly errors: Readonly<Record<string, string>>;
  /** What the polite live region says about the last change. */
  readonly announcement: string;
}

export type CartEvent =
  | { readonly type: 'change-start'; readonly entryId: string; readonly change: EntryChange }
  | { readonly type: 'change-refused'; readonly entryId: string; readonly message: string }
  | {
      readonly type: 'quantity-changed';
      readonly entryId: string;
      readonly cart: ShoppingCartAnswer;
    }
  | { readonly type: 'removed'; readonly entryId: string; readonly cart: ShoppingCartAnswer }
  /** The cart changed elsewhere (another tab): the server's cart replaces the page's. */
  | {
      readonly type: 'synced';
      readonly cart: ShoppingCartAnswer;
      /**
       * Lines as a fresh render of the cart page has them, for entries added in another tab:
       * their image, link and form, which the API's cart does not carry.
       */
      readonly details?: readonly CartLine[];
    }
  | { readonly type: 'recalculate-start'; readonly entryId: string }
  | {
      readonly type: 'recalculate-end';
      readonly entryId: string;
      /** The priced cart and the entry that holds the answers now, or nothing on a refusal. */
      readonly result: {
        readonly cart: ShoppingCartAnswer;
        readonly updatedEntryId: string;
      } | null;
    };

export const EMPTY_CART_ANNOUNCEMENT = 'Your cart is empty.';

export function quantityAnnouncement(title: string, quantity: number): string {
  return `Quantity of ${title} updated to ${quantity}.`;
}

export function removedAnnouncement(title: string): string {
  return `${title} removed from your cart.`;
}

export function answersSavedAnnouncement(title: string): string {
  return `Your answers for ${title} were saved.`;
}

export function initialModel(cart: {
  readonly entries: readonly CartLine[];
  readonly subtotalCents: number;
  readonly totalQuantity: number;
  readonly productTypes: readonly number[];
}): CartModel {
  return {
    lines: cart.entries,
    subtotalCents: cart.subtotalCents,
    totalQuantity: cart.totalQuantity,
    productTypes: cart.productTypes,
    pending: null,
    recalculating: false,
    errors: {},
    announcement: '',
  };
}

/** Whether the cart's controls take input now. */
export function controlsEnabled(model: CartModel): boolean {
  return model.pending === null && !model.recalculating;
}

function fieldTitles(line: CartLine): Map<string, string> {
  return new Map(
    (line.form?.fields ?? []).map((field) => [field.id, field.title?.trim() || field.id]),
  );
}

/**
 * The API's cart as page lines: what only the page knows (image, link, option order, form) is
 * kept from the line of the same id; totals, quantities and answers come from the server.
 */
function linesOf(cart: ShoppingCartAnswer, previous: readonly CartLine[]): CartLine[] {
  return cart.entries.map((entry): CartLine => {
    const known = previous.find((line) => line.id === entry.id);
    const base: CartLine = known ?? {
      id: entry.id,
      itemId: entry.itemId,
      sku: entry.chosenVariant.sku,
      title: entry.title,
      fullUrl: null,
      image: null,
      quantity: entry.quantity,
      // A download is one per cart; the server refuses what the site does not allow for others.
      quantityEditable:
        cart.items.find((item) => item.itemId === entry.itemId)?.productType !==
        PRODUCT_TYPES.DIGITAL,
      attributes: Object.entries(entry.chosenVariant.attributes).map(([name, value]) => ({
        name,
        value,
      })),
      answers: [],
      additionalFields: null,
      form: previous.find((line) => line.itemId === entry.itemId)?.form ?? null,
      unitPriceCents: entry.purchasePriceCents,
      subTotalCents: entry.subTotal,
    };
    return {
      ...base,
      quantity: entry.quantity,
      unitPriceCents: entry.purchasePriceCents,
      subTotalCents: entry.subTotal,
      additionalFields: entry.additionalFields,
      answers: answerLines(entry.additionalFields, fieldTitles(base)),
    };
  });
}

/** A new sentence for the live region; the same sentence twice is made to differ, or it is not read again. */
function say(previous: string, text: string): string {
  return previous === text ? `${text}\u00a0` : text;
}

function withCart(
  model: CartModel,
  cart: ShoppingCartAnswer,
  details: readonly CartLine[] = [],
): CartModel {
  return {
    ...model,
    lines: linesOf(cart, [...model.lines, ...details]),
    subtotalCents: cart.subtotalCents,
    totalQuantity: cart.totalQuantity,
    productTypes: cart.items.map((item) => item.productType),
  };
}

function withoutError(errors: Readonly<Record<string, string>>, entryId: string) {
  return Object.fromEntries(Object.entries(errors).filter(([id]) => id !== entryId));
}

export function cartReducer(model: CartModel, event: CartEvent): CartModel {
  if (event.type === 'synced') {
    const next = withCart(model, event.cart, event.details);
    const known = new Set(next.lines.map((line) => line.id));
    const errors = Object.fromEntries(Object.entries(model.errors).filter(([id]) => known.has(id)));
    return {
      ...next,
      errors,
      announcement:
        next.lines.length === 0 && model.lines.length > 0
          ? say(model.announcement, EMPTY_CART_ANNOUNCEMENT)
          : model.announcement,
    };
  }
  const title = model.lines.find((line) => line.id === event.entryId)?.title ?? '';
  switch (event.type) {
    case 'change-start':
      return {
        ...model,
        pending: { entryId: event.entryId, change: event.change },
        errors: withoutError(model.errors, event.entryId),
      };
    case 'change-refused':
      return {
        ...model,
        pending: null,
        errors: { ...model.errors, [event.entryId]: event.message },
        announcement: say(model.announcement, event.message),
      };
    case 'quantity-changed': {
      const next = withCart(model, event.cart);
      const quantity = next.lines.find((line) => line.id === event.entryId)?.quantity;
      return {
        ...next,
        pending: null,
        announcement: say(
          model.announcement,
          quantity === undefined ? '' : quantityAnnouncement(title, quantity),
        ),
      };
    }
    case 'removed': {
      const next = withCart(model, event.cart);
      const sentence =
        next.lines.length === 0
          ? `${removedAnnouncement(title)} ${EMPTY_CART_ANNOUNCEMENT}`
          : removedAnnouncement(title);
      return {
        ...next,
        pending: null,
        errors: withoutError(model.errors, event.entryId),
        announcement: say(model.announcement, sentence),
      };
    }
    case 'recalculate-start':
      return { ...model, recalculating: true, errors: withoutError(model.errors, event.entryId) };
    case 'recalculate-end':
      if (event.result === null) return { ...model, recalculating: false };
      return {
        ...withCart(model, event.result.cart),
        recalculating: false,
        announcement: say(model.announcement, answersSavedAnnouncement(title)),
      };
  }
}
