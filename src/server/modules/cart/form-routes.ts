/**
 * The cart without JavaScript: plain HTML form posts carrying the hidden `crumb` field (checked
 * by the global CSRF hook), answered with 303 redirects so a reload never re-posts.
 * - POST /cart/add: itemId, sku or option fields `options[<name>]`, quantity, isExpress or
 *   subscription (a subscription cart, continued on /commerce/subscription), and
 *   extra-field answers as `fields[<field id>]` inputs (or additionalFields, the JSON text) →
 *   /cart (or the express checkout); a refusal goes back to the product page with the message
 *   in `?cartError=`.
 * - POST /cart/update: entryId, quantity → /cart (refusals: /cart?cartError=…).
 * - POST /cart/remove: entryId → /cart.
 * - POST /cart/answers: entryId, itemId, sku and the entry's new extra-field answers as
 *   `fields[<field id>]` inputs → /cart. A refusal goes back to /cart with the message, the
 *   entry's editor open again (`?cartAnswers=`) and each field's error (`?cartAnswerErrors=`,
 *   JSON keyed by field id); what is stored does not change.
 * The rules and messages are exactly those of the JSON API: both call the same operations.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import { readGiftCardRecipient } from '../../../shared/giftcards/recipient.ts';
import {
  answersFromForm,
  cartAddForm,
  cartRemoveForm,
  cartUpdateForm,
  optionsFromForm,
} from '../../../shared/schemas/cart.ts';
import type { Database } from '../../db/index.ts';
import { toAppError } from '../../http/error-handler.ts';
import { refusalErrorHandler } from '../../http/form-refusal.ts';
import { findPublishedProduct } from '../inventory/index.ts';
import { addEntry } from './add-entry.ts';
import { changeQuantity } from './change-quantity.ts';
import { expressCheckoutUrl, giftCardPagePath, subscriptionPageUrl } from './checkout-url.ts';
import { CART_PAGE_PATH } from '../../../shared/cart/cart-page-path.ts';
import { readCartToken, setCartCookies } from './cart-cookies.ts';
import { removeEntry } from './remove-entry.ts';
import { updateAdditionalFields } from './update-additional-fields.ts';

/** The query parameter that carries a refusal's message back to the page that posted. */
export const CART_ERROR_PARAM = 'cartError';
/** The entry whose answers editor a refused POST /cart/answers opens again. */
export const CART_ANSWERS_PARAM = 'cartAnswers';
/** That refusal's field errors, JSON keyed by field id. */
export const CART_ANSWER_ERRORS_PARAM = 'cartAnswerErrors';

const cartAnswersForm = z
  .object({
    entryId: z.string().min(1).max(200),
    itemId: z.string().min(1).max(200),
    sku: z.string().max(200).optional(),
  })
  .catchall(z.unknown());

/** Where a refused answers form goes back to: the cart, that entry's editor open again. */
function answersRefusalPath(entryId: string, error: unknown): string {
  const query: Record<string, string> = { [CART_ANSWERS_PARAM]: entryId };
  const fields = toAppError(error)?.fields;
  if (fields && Object.keys(fields).length > 0)
    query[CART_ANSWER_ERRORS_PARAM] = JSON.stringify(fields);
  return `${CART_PAGE_PATH}?${new URLSearchParams(query).toString()}`;
}

interface FormRouteDeps {
  readonly database: Database;
}

function withError(path: string, message: string): string {
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}${new URLSearchParams({ [CART_ERROR_PARAM]: message }).toString()}`;
}

/** A form post whose fields are not the form's (a crafted or truncated post): back to the cart. */
function refuseMalformedForm(reply: FastifyReply): FastifyReply {
  return reply.redirect(withError(CART_PAGE_PATH, new AppError('BAD_REQUEST').message), 303);
}

/** Client errors go back to `path` with their message; anything else is a real failure (500). */
function redirectOnRefusal(reply: FastifyReply, path: string, error: unknown): FastifyReply {
  const appError = toAppError(error);
  if (!appError || appError.status >= 500) throw error;
  return reply.redirect(withError(path, appError.message), 303);
}

/**
 * Failures before the handler runs (a missing or stale crumb, a body that is not a form) would
 * otherwise answer JSON to a shopper without JavaScript: they get the same status and message
 * as a small page that links back to the cart.
 */
const formErrorPage = refusalErrorHandler(() => ({
  href: CART_PAGE_PATH,
  label: 'Back to the cart',
}));

export function registerCartFormRoutes(app: FastifyInstance, deps: FormRouteDeps): void {
  const options = { errorHandler: formErrorPage, config: { site: 'required' } } as const;

  app.post('/cart/add', options, async (request, reply) => {
    const { site } = request;
    const parsed = cartAddForm.safeParse(request.body);
    if (!parsed.success) return refuseMalformedForm(reply);
    const form = parsed.data;
    // Refusals return to the product page; an item that has none goes to the cart page.
    const product = await findPublishedProduct(deps.database.db, site.id, form.itemId);
    const back = product?.fullUrl ?? CART_PAGE_PATH;
    const express = form.isExpress === 'true';
    // A subscribable product's form starts a subscription cart (the page's plain-form twin of
    // POST /api/3/commerce/cart/subscription) and continues on the subscription page.
    const subscription = form.subscription === 'true';
    const typedAnswers = answersFromForm(form);
    const recipient = readGiftCardRecipient(form);
    // The gift card page's own fields: a refusal goes back to it, with what it says.
    if (!recipient.ok)
      return reply.redirect(
        withError(giftCardPagePath(form.itemId, form.sku), new AppError(recipient.code).message),
        303,
      );
    try {
      const result = await addEntry(deps.database, {
        site,
        cartToken: readCartToken(request),
        express: express && !subscription,
        subscription,
        itemId: form.itemId,
        variant: form.sku ? { sku: form.sku } : { options: optionsFromForm(form) },
        quantity: form.quantity,
        additionalFields:
          typedAnswers === undefined ? form.additionalFields : JSON.stringify(typedAnswers),
        siteUserId: request.siteUser?.id,
        giftCardRecipient: recipient.recipient,
        answersFromPlainForm: typedAnswers !== undefined,
      });
      if (subscription) return reply.redirect(subscriptionPageUrl(result.cartToken), 303);
      if (express) return reply.redirect(expressCheckoutUrl(result.cartToken), 303);
      if (result.createdCart) setCartCookies(request, reply, result.cartToken);
      return reply.redirect(CART_PAGE_PATH, 303);
    } catch (error) {
      return redirectOnRefusal(reply, back, error);
    }
  });

  app.post('/cart/update', options, async (request, reply) => {
    const { site } = request;
    try {
      const form = cartUpdateForm.parse(request.body);
      await changeQuantity(deps.database, {
        site,
        cartToken: readCartToken(request),
        entryId: form.entryId,
        quantity: form.quantity,
      });
      return reply.redirect(CART_PAGE_PATH, 303);
    } catch (error) {
      return redirectOnRefusal(reply, CART_PAGE_PATH, error);
    }
  });

  app.post('/cart/remove', options, async (request, reply) => {
    const { site } = request;
    try {
      const form = cartRemoveForm.parse(request.body);
      await removeEntry(deps.database, {
        site,
        cartToken: readCartToken(request),
        entryId: form.entryId,
      });
      return reply.redirect(CART_PAGE_PATH, 303);
    } catch (error) {
      return redirectOnRefusal(reply, CART_PAGE_PATH, error);
    }
  });

  app.post('/cart/answers', options, async (request, reply) => {
    const { site } = request;
    const parsed = cartAnswersForm.safeParse(request.body);
    if (!parsed.success) return refuseMalformedForm(reply);
    const form = parsed.data;
    try {
      await updateAdditionalFields(deps.database, {
        site,
        cartToken: readCartToken(request),
        entryId: form.entryId,
        itemId: form.itemId,
        sku: form.sku,
        // A form whose every input is an unticked box posts no answers: that is answering none.
        additionalFields: JSON.stringify(answersFromForm(form) ?? {}),
        answersFromPlainForm: true,
      });
      return reply.redirect(CART_PAGE_PATH, 303);
    } catch (error) {
      return redirectOnRefusal(reply, answersRefusalPath(form.entryId, error), error);
    }
  });
}
