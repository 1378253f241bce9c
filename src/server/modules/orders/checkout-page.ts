/**
 * The checkout page (page type 201) and its plain form post, working with JavaScript off:
 * - GET /checkout: the cart of the cart cookie, or the express or subscription cart named by
 *   `?cartToken=`, with the quote's summary and the form. Each rendering carries a fresh
 *   idempotency key in a hidden field.
 * - POST /checkout with `intent=update` ('Update totals', a code's 'Apply'): the same page priced
 *   for what was typed (the way the summary follows the form with JavaScript off).
 * - POST /checkout (same `?cartToken=`): places the order through `placeOrder`, the function
 *   behind POST /api/commerce/orders, under the form's key — a double submit or a reload of the
 *   post is a replay of the same request and places one order. Success: 303 to the buyer's
 *   confirmation page. Refusal: the form again with the error's status, its message, each
 *   field's message beside its input and everything typed kept (the key too, since a refused
 *   post wrote nothing). The form carries the amount due it showed; when the order would now
 *   charge another amount, nothing is placed and the page shows the new total (409
 *   TOTAL_CHANGED) so the shopper decides again.
 * Orders placed here mail their confirmation through the outbox; with SMTP_URL set, the orders
 * module's relay sends it. With a places provider configured (PLACES_API_KEY), Address line 1
 * carries the address autocomplete island; without one the page has no trace of it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKey, orderRequest } from '../../../shared/checkout/requests.ts';
import { AppError } from '../../../shared/errors.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { toAppError } from '../../http/error-handler.ts';
import { refusalErrorHandler } from '../../http/form-refusal.ts';
import { cspAllowingFormTargets } from '../../http/security-headers.ts';
import { clearCartCookies, readCartToken, readCheckoutCartToken } from '../cart/index.ts';
import { codeRefusals, placeOrder } from './place-order.ts';
import { ORDER_RATE_LIMIT, type OrderServices } from './routes.ts';
import { stockChangesThrough } from './stock-changes.ts';
import { PAGE_TYPES } from '../../render/page-types.ts';
import type { PageRouteDeps } from '../../render/page-routes.ts';
import {
  errorsByInput,
  newKey,
  orderBodyOf,
  PAYMENT_CHOICE_MISSING,
  quoteRequestOf,
  readCheckoutForm,
  checkoutFormFromQuery,
  type CheckoutForm,
} from './checkout-form.ts';
import { checkoutContext, loadCheckout, type LoadedCheckout } from './checkout-view.ts';
import { orderPagePath, orderPageUrl } from './order-link.ts';
import { CHECKOUT_PAGE_PATH, urlCartToken } from '../cart/index.ts';
import { formFields } from '../../http/form-fields.ts';

/**
 * Failures before the handler runs (a stale crumb, a body that is not a form) answer a small
 * page with the same status and message, linking back to the checkout, not JSON.
 */
const formErrorPage = refusalErrorHandler((request) => ({
  href: request.url,
  label: 'Back to checkout',
}));

/** Checkout places orders, so it is given the process's services beside the page deps. */
export interface CheckoutPageDeps extends PageRouteDeps {
  readonly services: OrderServices;
}

export function registerCheckoutPage(app: FastifyInstance, deps: CheckoutPageDeps): void {
  const { database, pages } = deps;
  const { payments, mailer, now } = deps.services;
  const stockChanged = stockChangesThrough(deps.sites);
  const hosted = deps.services.paymentProvider.hosted;
  const hostedPayment = hosted !== undefined;
  const hostedOrigins = hosted ? cspAllowingFormTargets(hosted.pageOrigins) : undefined;

  function render(
    request: FastifyRequest,
    reply: FastifyReply,
    site: CurrentSite,
    loaded: LoadedCheckout,
    state: {
      form: CheckoutForm;
      errors?: Record<string, string>;
      message?: string | null;
      status?: number;
    },
  ) {
    // The form carries the session's crumb and what was typed: never kept by a shared cache.
    void reply.header('cache-control', 'no-store');
    if (hostedOrigins) void reply.header('content-security-policy', hostedOrigins);
    return pages.render(request, reply, site, {
      template: 'checkout',
      pageType: PAGE_TYPES.CHECKOUT,
      title: 'Checkout',
      status: state.status ?? 200,
      context: {
        checkout: {
          ...checkoutContext(loaded, {
            cartToken: urlCartToken(request),
            form: state.form,
            errors: state.errors ?? {},
            message: state.message ?? null,
            addressAutocomplete: app.placesConfigured,
            language: site.language ?? 'en-US',
          }),
          // A hosted payment page (Stripe) takes the card: 'Continue to payment', no test choices.
          hostedPayment,
        },
      },
    });
  }

  app.get(CHECKOUT_PAGE_PATH, async (request, reply) => {
    const { site } = request;
    const form = checkoutFormFromQuery(request.query);
    const loaded = await loadCheckout(
      database.db,
      site,
      readCheckoutCartToken(request),
      quoteRequestOf(form),
      now(),
    );
    // A code brought from the cart page that does not apply says why at once, as a post would.
    const errors = errorsByInput(codeRefusals(loaded.quote));
    return render(request, reply, site, loaded, { form, errors });
  });

  const postOptions = { errorHandler: formErrorPage, config: { rateLimit: ORDER_RATE_LIMIT } };
  app.post(CHECKOUT_PAGE_PATH, postOptions, async (request, reply) => {
    const { site } = request;
    const typed = readCheckoutForm(formFields(request));
    const cartToken = readCheckoutCartToken(request);
    const loaded = await loadCheckout(database.db, site, cartToken, quoteRequestOf(typed), now());
    const refuse = (error: AppError, form: CheckoutForm = typed) =>
      render(request, reply, site, loaded, {
        form,
        errors: errorsByInput(error.fields ?? {}),
        message: error.message,
        status: error.status,
      });

    // 'Update totals' or a code's 'Apply': the summary priced for what is typed, nothing placed.
    if (typed.intent === 'update')
      return render(request, reply, site, loaded, {
        form: typed,
        errors: errorsByInput(codeRefusals(loaded.quote)),
      });
    // A post without a usable key did not come from this page: a fresh one is issued.
    if (!idempotencyKey.safeParse(typed.idempotencyKey).success)
      return refuse(new AppError('BAD_REQUEST'), { ...typed, idempotencyKey: newKey() });
    const { payment } = typed;
    if (payment === undefined && !hostedPayment)
      return refuse(
        new AppError('VALIDATION_FAILED', { fields: { payment: PAYMENT_CHOICE_MISSING } }),
      );
    // The shopper pays what the summary said or is asked again with the new total in front of
    // them (a total changed by an option picked without 'Update totals', or by the store).
    if (typed.expectedTotal !== undefined && typed.expectedTotal !== loaded.quote.amountDueCents)
      return refuse(new AppError('TOTAL_CHANGED'));
    const body = orderRequest.safeParse(
      orderBodyOf(
        { ...typed, payment: payment ?? 'success' },
        loaded.quote.requiresShipping,
        hostedPayment ? { provider: deps.services.paymentProvider.id } : undefined,
      ),
    );
    if (!body.success) return refuse(toAppError(body.error) ?? new AppError('BAD_REQUEST'));

    let orderId: string;
    let paymentUrl: string | null;
    try {
      const placed = await placeOrder(
        { database, payments, mailer, now, log: request.log, stockChanged },
        {
          site,
          cartToken,
          idempotencyKey: typed.idempotencyKey,
          body: body.data,
          ...(typed.expectedTotal === undefined
            ? {}
            : { expectedAmountDueCents: typed.expectedTotal }),
          // A subscription bought by a logged-in site user is theirs, as through the API.
          siteUserId: request.siteUser?.id ?? null,
          returnUrl: (id) => orderPageUrl(app, deps.services.publicOrigin(request), site.id, id),
        },
      );
      orderId = placed.order.id;
      paymentUrl = placed.order.paymentUrl;
    } catch (error) {
      const appError = toAppError(error);
      if (!appError) throw error;
      return refuse(appError);
    }
    // The bought cart is history; an express or subscription purchase leaves the cookie's alone.
    if (cartToken !== undefined && cartToken === readCartToken(request)) clearCartCookies(reply);
    // A hosted payment page (Stripe) takes the money next; it sends the shopper back here.
    return reply.redirect(paymentUrl ?? orderPagePath(app, site.id, orderId), 303);
  });
}
