/**
 * Every email the store sends, rendered from sample data of a site (its name, its currency and
 * one of its products) for the owners' preview and the snapshot tests. The sample order is
 * made up; nothing here reads or writes a real order.
 */
import { restockNotice, RESTOCK_NOTICE_KIND } from '../restock/index.ts';
import type { MailMessage } from '../mail/index.ts';
import { orderConfirmationEmail } from './confirmation-email.ts';
import { giftCardEmails } from './gift-card-email.ts';
import { cancellationEmail, refundEmail, shippingEmail } from './lifecycle-emails.ts';
import type { OrderView } from './order-view.ts';
import type { OwnerOrderEntryView } from './owner-order-view.ts';

export const EMAIL_PREVIEW_KINDS = {
  'order-confirmation': 'Order confirmation',
  'order-shipped': 'Shipping confirmation',
  'order-refunded': 'Refund',
  'order-cancelled': 'Cancellation',
  'gift-card': 'Gift card delivered',
  [RESTOCK_NOTICE_KIND]: 'Back in stock',
} as const satisfies Record<string, string>;

export type EmailPreviewKind = keyof typeof EMAIL_PREVIEW_KINDS;

export function isEmailPreviewKind(kind: string): kind is EmailPreviewKind {
  return Object.hasOwn(EMAIL_PREVIEW_KINDS, kind);
}

export interface SampleSite {
  readonly id: string;
  readonly title: string;
  readonly currency: string;
}

/** One of the site's products, or a stand-in when the site sells nothing yet. */
export interface SampleProduct {
  readonly title: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly unitPriceCents: number;
  /** The product page's path. */
  readonly fullUrl: string;
}

export const STAND_IN_PRODUCT: SampleProduct = {
  title: 'Sample product',
  attributes: {},
  unitPriceCents: 2_500,
  fullUrl: '/shop/p/sample-product',
};

const SAMPLE_EMAIL = 'customer@example.com';
const SAMPLE_GIFT_CARD = 'ABCD-EFGH-JKMN-PQRS-TUVW';

/** A sample order as both the shopper's emails and the owner's lifecycle emails read it. */
type SampleOrder = OrderView & { readonly entries: OwnerOrderEntryView[] };

export function sampleOrder(site: SampleSite, product: SampleProduct): SampleOrder {
  const quantity = 2;
  const subtotal = product.unitPriceCents * quantity;
  const shipping = 500;
  const giftCard = 5_000;
  const total = subtotal + shipping + giftCard;
  return {
    id: '00000000-0000-4000-8000-000000001001',
    number: 1001,
    paymentStatus: 'paid',
    fulfillmentStatus: 'unfulfilled',
    cartId: '00000000-0000-4000-8000-000000000001',
    email: SAMPLE_EMAIL,
    currency: site.currency,
    subtotalCents: subtotal + giftCard,
    discountCents: 0,
    shippingCostCents: shipping,
    taxCents: 0,
    grandTotalCents: total,
    giftCardCents: 0,
    amountPaidCents: total,
    refundedCents: 0,
    paymentUrl: null,
    created: Date.UTC(2026, 0, 15, 12, 0, 0),
    entries: [
      {
        id: 'sample-line-1',
        itemId: 'sample-product',
        variantId: 'sample-variant',
        productType: 1,
        title: product.title,
        sku: null,
        attributes: { ...product.attributes },
        quantity,
        unitPriceCents: product.unitPriceCents,
        subTotal: subtotal,
        additionalFields: null,
        answers: [],
      },
      {
        id: 'sample-line-2',
        itemId: 'sample-gift-card',
        variantId: 'sample-gift-card-variant',
        productType: 4,
        title: 'Gift Card',
        sku: null,
        attributes: {},
        quantity: 1,
        unitPriceCents: giftCard,
        subTotal: giftCard,
        additionalFields: null,
        answers: [],
      },
    ],
    issuedGiftCards: [
      {
        code: SAMPLE_GIFT_CARD,
        balanceCents: giftCard,
        currency: site.currency,
        recipient: { email: 'friend@example.com', message: 'Happy birthday!' },
      },
    ],
  };
}

/** The email of `kind` as the site would send it; `origin` makes the product link absolute. */
export function sampleEmail(
  kind: EmailPreviewKind,
  site: SampleSite,
  product: SampleProduct,
  origin: string,
): MailMessage {
  const order = sampleOrder(site, product);
  const refunded = { ...order, refundedCents: 1_000 };
  switch (kind) {
    case 'order-confirmation':
      return orderConfirmationEmail(order, site);
    case 'order-shipped':
      return shippingEmail(
        {
          ...order,
          fulfillment: {
            carrier: 'UPS',
            trackingNumber: '1Z999AA10123456784',
            trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
          },
        },
        site,
      );
    case 'order-refunded':
      return refundEmail({ ...refunded, fulfillment: null }, site, 1_000);
    case 'order-cancelled':
      return cancellationEmail(
        { ...order, refundedCents: order.amountPaidCents, fulfillment: null },
        site,
      );
    case 'gift-card': {
      const [email] = giftCardEmails(order, site);
      if (!email) throw new Error('the sample order names a gift card recipient');
      return email;
    }
    case RESTOCK_NOTICE_KIND:
      return {
        siteId: site.id,
        kind,
        reference: null,
        to: SAMPLE_EMAIL,
        ...restockNotice({
          siteTitle: site.title,
          productName: product.title,
          attributes: product.attributes,
          productUrl: new URL(product.fullUrl, origin).href,
        }),
      };
  }
}
