/**
 * GET /commerce/gift-card?itemId=…&sku=… (docs/behaviour/gift-cards.md#buying-a-gift-card: a gift card purchase goes to a
 * gift card page with the item id and the chosen variant): the gift card product with its
 * denominations as radios (the chosen `sku` checked), and a plain form that buys it through
 * the express cart flow (POST /cart/add with isExpress=true → the checkout of its own cart),
 * with an optional recipient email and gift message: the cards are then emailed to the recipient.
 * A product that is not a published gift card answers 404.
 */
import type { FastifyInstance } from 'fastify';
import { PRODUCT_TYPES } from '../../../shared/catalog/product-types.ts';
import { catalogMessage } from '../../../shared/errors.ts';
import { GIFT_MESSAGE_MAX_LENGTH } from '../../../shared/giftcards/recipient.ts';
import { toMoney } from '../../../shared/money/to-money.ts';
import { CART_ERROR_PARAM } from '../cart/index.ts';
import { imageSrc } from '../images/index.ts';
import { findPublishedProduct } from '../inventory/index.ts';
import { PAGE_TYPES } from '../../render/page-types.ts';
import { renderNotFound, renderPrivatePage, type PageRouteDeps } from '../../render/page-routes.ts';
import { GIFT_CARD_PAGE_PATH, queryText } from '../cart/index.ts';

/** The gift card button's default label (docs/behaviour/gift-cards.md#buying-a-gift-card). */
export const GIFT_CARD_BUTTON_LABEL = 'Purchase';

export function registerGiftCardPage(app: FastifyInstance, deps: PageRouteDeps): void {
  const { database, pages } = deps;

  app.get(GIFT_CARD_PAGE_PATH, async (request, reply) => {
    const { site } = request;
    const itemId = queryText(request, 'itemId', 200);
    const product = itemId ? await findPublishedProduct(database.db, site.id, itemId) : undefined;
    if (!product || product.productType !== PRODUCT_TYPES.GIFT_CARD)
      return renderNotFound(pages, request, reply, site);
    const chosenSku = queryText(request, 'sku', 200);
    const chosen = product.variants.some((variant) => variant.sku === chosenSku)
      ? chosenSku
      : product.variants[0]?.sku;
    const image = product.images[0];
    return renderPrivatePage(pages, request, reply, site, {
      template: 'gift-card',
      pageType: PAGE_TYPES.PAGE,
      title: product.title,
      context: {
        giftCard: {
          itemId: product.id,
          title: product.title,
          fullUrl: product.fullUrl,
          description: product.description,
          image: image
            ? { url: imageSrc(image, 500), altText: image.altText ?? product.title }
            : null,
          denominations: product.variants.map((variant) => ({
            sku: variant.sku,
            inputId: `gift-card-${variant.id}`,
            priceMoney: toMoney(variant.onSale ? variant.salePrice : variant.price, site.currency),
            checked: variant.sku === chosen,
          })),
          buttonLabel: GIFT_CARD_BUTTON_LABEL,
          // Only the catalog's own messages: the query cannot put words in the site's mouth.
          error: catalogMessage(queryText(request, CART_ERROR_PARAM)),
          giftMessageMaxLength: GIFT_MESSAGE_MAX_LENGTH,
        },
      },
    });
  });
}
