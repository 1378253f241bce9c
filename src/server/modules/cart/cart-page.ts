/**
 * GET /cart (page type 200, "show cart"): the cart of the cart cookie, rendered on the server
 * with plain forms for the quantity (POST /cart/update) and removal (POST /cart/remove), so it
 * works with JavaScript off. A refused form post comes back here with its message in
 * `?cartError=` (a refused answers form also opens that entry's editor again, with its field
 * errors: reopened-answers.ts). The page carries the full-page cart root with the cart page island in it
 * (`cartPage.island`, the `cart-page` widget), whose HTML is those same forms and which, hydrated,
 * changes the cart through the JSON API; the floating cart pill is not created on it
 * (docs/behaviour/cart.md#the-cart-page).
 */
import { catalogMessage } from '../../../shared/errors.ts';
import type { FastifyInstance } from 'fastify';
import { buildCart } from '../../../shared/cart/build-cart.ts';
import { emptyCart } from '../../../shared/cart/shopping-cart.ts';
import { QUANTITY_MAX, QUANTITY_MIN } from '../../../shared/cart/quantity.ts';
import { readSiteContextSettings } from '../../../shared/site-context/settings.ts';
import { readCartToken } from './cart-cookies.ts';
import { findOpenCartByToken } from './cart-queries.ts';
import { CART_ANSWER_ERRORS_PARAM, CART_ANSWERS_PARAM, CART_ERROR_PARAM } from './form-routes.ts';
import { CART_PAGE_PATH } from '../../../shared/cart/cart-page-path.ts';
import { PAGE_TYPES } from '../../render/page-types.ts';
import { renderPrivatePage, type PageRouteDeps } from '../../render/page-routes.ts';
import { cartView, productTypesOf } from './cart-view.ts';
import { cartIslandBase } from './cart-island-props.ts';
import { loadEntryDetails } from './entry-details.ts';
import { loadEntryForms } from './entry-forms.ts';
import { CHECKOUT_PAGE_PATH, queryText } from './page-paths.ts';
import { reopenedAnswers } from './reopened-answers.ts';

/** Where the empty cart sends the shopper on. */
export const SHOP_PATH = '/shop';

export function registerCartPage(app: FastifyInstance, deps: PageRouteDeps): void {
  const { database, pages } = deps;

  app.get(CART_PAGE_PATH, async (request, reply) => {
    const { site } = request;
    const token = readCartToken(request);
    const found = token ? await findOpenCartByToken(database.db, site.id, token) : undefined;
    const cart = found ? buildCart(found.cart, found.lines) : emptyCart(site.id, site.currency);
    const [details, forms] = found
      ? await Promise.all([
          loadEntryDetails(database.db, found.cart.id),
          loadEntryForms(database.db, site.id, found.cart.id),
        ])
      : [new Map(), new Map()];
    const currency = found?.cart.currency ?? site.currency;
    const view = cartView(cart, currency, details, productTypesOf(cart), {
      multipleQuantityAllowedForServices: readSiteContextSettings(site.settings)
        .multipleQuantityAllowedForServices,
    });
    return renderPrivatePage(pages, request, reply, site, {
      template: 'cart',
      pageType: PAGE_TYPES.SHOW_CART,
      title: 'Your cart',
      context: {
        cartPage: {
          ...view,
          error: catalogMessage(queryText(request, CART_ERROR_PARAM)),
          checkoutUrl: CHECKOUT_PAGE_PATH,
          // The pay-later teaser's cart (render/merchandising-context.ts adds the teaser).
          payLaterCart: {
            subtotalCents: cart.subtotalCents,
            totalQuantity: cart.totalQuantity,
            productTypes: [...productTypesOf(cart).values()],
          },
          quantityMin: QUANTITY_MIN,
          quantityMax: QUANTITY_MAX,
          island: {
            ...cartIslandBase(view, forms, {
              currency,
              checkoutUrl: CHECKOUT_PAGE_PATH,
              shopUrl: SHOP_PATH,
              quantityMin: QUANTITY_MIN,
              quantityMax: QUANTITY_MAX,
            }),
            reopenedAnswers: reopenedAnswers(
              queryText(request, CART_ANSWERS_PARAM),
              queryText(request, CART_ANSWER_ERRORS_PARAM, 10_000),
              new Set(forms.keys()),
            ),
          },
        },
      },
    });
  });
}
