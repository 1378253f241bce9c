/**
 * Add to cart (docs/behaviour/cart.md#cart-calls, docs/behaviour/cart.md#add-to-cart-checks), as a recipe of named
 * steps whose only write is one statement, so any refusal leaves the database as it was:
 *   1. judge the quantity and the answers' JSON (nothing read yet);
 *   2. read, in one statement (add-context.ts), the published product with its variants and
 *      form, and the shopper's cart with its lines;
 *   3. refuse products the cart does not sell and subscriptions; choose the variant (sku, or
 *      option values from a plain form); validate the extra-field answers against the form;
 *   4. apply the shared rules that need the cart's lines: the quantity range of the entry added
 *      to (the entry of that variant with the same answers), and what the product's type allows;
 *   5. in one statement (add-write.ts): check the variant's stock against everything of that
 *      variant in the cart plus what is being added (checkout takes the stock), then take the
 *      cart row (create it, or lock it while it is still as step 2 read it) and add to the entry
 *      with the same variant and answers or insert a new one. The totals are rebuilt from the
 *      lines step 2 read, with this write applied.
 * Two round trips in all (docs/behaviour/cart.md#cart-calls), none of them inside an open
 * transaction; a cart changed between them is read again (see the end of addEntry).
 * Express purchase makes a cart of its own holding only this item; the shopper's cart is untouched.
 * A subscription (POST /api/3/commerce/cart/subscription) does the same with a cart of kind
 * 'subscription', and step 3 applies the subscription rules instead of the cart's.
 */
import { parseAdditionalFields } from '../../../shared/cart/additional-fields.ts';
import { buildCart } from '../../../shared/cart/build-cart.ts';
import { chooseVariant, type VariantChoice } from '../../../shared/cart/choose-variant.ts';
import { cartRefusal, quantityRefusal } from '../../../shared/cart/purchase-rules.ts';
import { isQuantityInRange, parseQuantity } from '../../../shared/cart/quantity.ts';
import type { CartEntry, ShoppingCart } from '../../../shared/cart/shopping-cart.ts';
import { PRODUCT_TYPES } from '../../../shared/catalog/product-types.ts';
import { AppError } from '../../../shared/errors.ts';
import type { GiftCardRecipient } from '../../../shared/giftcards/recipient.ts';
import { servicesAllowMultipleQuantity } from '../../../shared/site-context/settings.ts';
import { subscriptionRefusal } from '../../../shared/subscriptions/purchase-rules.ts';
import type { AppDb, Database } from '../../db/index.ts';
import type { CartKind } from '../../db/schema.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { readAddContext, withAddedQuantity, withNewLine } from './add-context.ts';
import { writeAddedEntry } from './add-write.ts';
import { lockOpenCart, sumQuantities } from './cart-locks.ts';
import { toStoredCart, unitPriceOf } from './cart-queries.ts';
import { sameAnswers } from './same-answers.ts';
import { judgeExtraFields } from './extra-fields.ts';
import { inCartTransaction } from './cart-transaction.ts';

export interface AddEntryInput {
  readonly site: CurrentSite;
  /** The shopper's cart cookie, if any (ignored for express purchases). */
  readonly cartToken: string | undefined;
  readonly express: boolean;
  /** A subscription cart of its own (like express): subscribable physical or service products only. */
  readonly subscription?: boolean;
  readonly itemId: string;
  readonly variant: VariantChoice;
  /** As sent: a number, the text of one, or anything else (refused with the spec's messages). */
  readonly quantity: unknown;
  /** The text of a JSON object of answers, or null. */
  readonly additionalFields: string | null | undefined;
  /** The logged-in site user, who owns a cart this add creates; absent for a guest. */
  readonly siteUserId?: string;
  /**
   * Who a gift card goes to (the gift card page's form); kept on a gift card's entry only, which
   * is then never merged with another, so each recipient gets their own cards.
   */
  readonly giftCardRecipient?: GiftCardRecipient | undefined;
  /** The answers were typed into the plain product form (`fields[<id>]`), not sent as JSON. */
  readonly answersFromPlainForm?: boolean;
}

export interface AddEntryResult {
  readonly shoppingCart: ShoppingCart;
  readonly newlyAdded: CartEntry;
  readonly cartToken: string;
  readonly kind: CartKind;
  /** True when the cookie named no open cart (or this is an express cart): cookies must be set. */
  readonly createdCart: boolean;
}

/** How many times an add reads and writes before it locks the cart first (add-write.ts). */
const OPTIMISTIC_TRIES = 2;

export async function addEntry(database: Database, input: AddEntryInput): Promise<AddEntryResult> {
  const quantity = parseQuantity(input.quantity);
  if (!quantity.ok) throw new AppError(quantity.problem);
  const parsedAnswers = parseAdditionalFields(input.additionalFields);
  if (!parsedAnswers.ok) throw new AppError('ADDITIONAL_FIELDS_NOT_JSON');
  const { site } = input;
  const kind: CartKind = input.subscription
    ? 'subscription'
    : input.express
      ? 'express'
      : 'standard';
  const ownCart = kind !== 'standard';

  const attempt = async (db: AppDb): Promise<AddEntryResult | undefined> => {
    const { product, cart, lines, nextPosition } = await readAddContext(db, {
      siteId: site.id,
      itemId: input.itemId,
      cartToken: ownCart ? undefined : input.cartToken,
    });
    if (!product) throw new AppError('ITEM_NOT_FOUND');
    const refusal = input.subscription ? subscriptionRefusal(product) : cartRefusal(product);
    if (refusal) throw new AppError(refusal);
    const chosen = chooseVariant(product, input.variant);
    if (!chosen.ok)
      throw new AppError(
        chosen.code,
        chosen.message === undefined ? {} : { message: chosen.message },
      );
    const { variant } = chosen;
    const answers = judgeExtraFields(
      product.form,
      parsedAnswers.answers,
      input.answersFromPlainForm === true,
    );

    const entries = lines.filter((line) => line.itemId === product.id);
    const sameVariant = entries.filter((entry) => entry.variantId === variant.id);
    const recipient =
      product.productType === PRODUCT_TYPES.GIFT_CARD ? input.giftCardRecipient : undefined;
    const target =
      recipient === undefined
        ? sameVariant.find(
            (entry) =>
              sameAnswers(entry.additionalFields, answers) && entry.giftCardRecipient === null,
          )
        : undefined;
    if (!isQuantityInRange((target?.quantity ?? 0) + quantity.quantity))
      throw new AppError('QUANTITY_OUT_OF_RANGE');
    const typeRefusal = quantityRefusal(
      product.productType,
      sumQuantities(entries) + quantity.quantity,
      servicesAllowMultipleQuantity(site.settings),
    );
    if (typeRefusal) throw new AppError(typeRefusal);

    const giftCardRecipient = recipient ?? null;
    const outcome = await writeAddedEntry(db, {
      cart: cart
        ? { existing: { id: cart.id, version: cart.version } }
        : {
            create: {
              siteId: site.id,
              currency: site.currency,
              kind,
              siteUserId: input.siteUserId ?? null,
            },
          },
      entry: target
        ? { addTo: target.id }
        : {
            insert: {
              productId: product.id,
              answers,
              giftCardRecipient,
              position: cart ? nextPosition : 0,
            },
          },
      productType: product.productType,
      variantId: variant.id,
      quantity: quantity.quantity,
    });
    if (outcome.kind === 'cart-changed') return undefined;
    if (outcome.kind === 'no-variant') throw new AppError('ITEM_VARIANT_UNAVAILABLE');
    if (outcome.kind === 'insufficient-stock') throw new AppError('INSUFFICIENT_STOCK');

    const linesAfter = target
      ? withAddedQuantity(lines, target.id, quantity.quantity)
      : withNewLine(lines, {
          id: outcome.entryId,
          itemId: product.id,
          variantId: variant.id,
          quantity: quantity.quantity,
          productType: product.productType,
          title: product.title,
          sku: variant.sku,
          attributes: variant.attributes,
          unitPriceCents: unitPriceOf(variant),
          additionalFields: answers,
          giftCardRecipient,
        });
    const shoppingCart = buildCart(
      toStoredCart({
        id: outcome.cartId,
        siteId: site.id,
        currency: cart?.currency ?? site.currency,
        created: outcome.created,
        isPurchased: false,
        orderId: null,
      }),
      linesAfter,
    );
    const newlyAdded = shoppingCart.entries.find((entry) => entry.id === outcome.entryId);
    // Both branches above put the entry in linesAfter.
    if (!newlyAdded) throw new Error('the added entry is missing from its cart');
    return {
      shoppingCart,
      newlyAdded,
      cartToken: outcome.token,
      kind,
      createdCart: cart === undefined,
    };
  };

  // Read, judge, write: two round trips, no transaction held open between them. A cart that
  // another write changed in between (the same shopper's other tab, say) is read again; should
  // it keep changing, the add locks it first and then reads, so it waits its turn instead.
  for (let tries = 0; tries < OPTIMISTIC_TRIES; tries += 1) {
    const added = await attempt(database.db);
    if (added) return added;
  }
  return inCartTransaction(database, async (tx) => {
    if (!ownCart && input.cartToken !== undefined)
      await lockOpenCart(tx, site.id, input.cartToken, 'standard');
    const added = await attempt(tx);
    // The cart is locked by this transaction, so no other write can change it in between.
    if (!added) throw new Error('a locked cart changed during an add');
    return added;
  });
}
