import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from '../../../shared/catalog/product-types.ts';
import { quoteCheckout } from '../../../shared/checkout/quote.ts';
import type { OrderRequest } from '../../../shared/checkout/requests.ts';
import type { CheckoutLine } from '../checkout/checkout-cart.ts';
import { orderConfirmationEmail } from './confirmation-email.ts';
import type { OrderView } from './order-view.ts';
import { ADDRESS_REQUIRED, orderProblems } from './place-order.ts';
import { linesSignature, unitsByVariant } from './write-order.ts';

const line = (id: string, variantId: string, quantity: number): CheckoutLine => ({
  id,
  itemId: 'p',
  variantId,
  quantity,
  productType: PRODUCT_TYPES.PHYSICAL,
  title: 'T',
  sku: 'S',
  attributes: {},
  unitPriceCents: 100,
  additionalFields: null,
  giftCardRecipient: null,
});

describe('order rules', () => {
  it('sums units per variant across entries, in variant-id order (the lock order)', () => {
    expect(unitsByVariant([line('1', 'b', 2), line('2', 'a', 1), line('3', 'b', 3)])).toEqual([
      ['a', 1],
      ['b', 5],
    ]);
  });

  it('notices any change of entry, quantity or price in the signature', () => {
    const lines = [line('1', 'a', 1)];
    expect(linesSignature(lines)).toBe(linesSignature([line('1', 'a', 1)]));
    expect(linesSignature(lines)).not.toBe(linesSignature([line('1', 'a', 2)]));
    expect(linesSignature(lines)).not.toBe(
      linesSignature([{ ...line('1', 'a', 1), unitPriceCents: 99 }]),
    );
  });

  it('needs an address for physical goods and names each bad code', () => {
    const settings = { shippingRates: [], taxRules: [], coupons: [] };
    const quote = quoteCheckout({
      currency: 'USD',
      lines: [line('1', 'a', 1)],
      settings,
      couponCodes: ['x'],
      giftCardCodes: ['y'],
      now: new Date(),
    });
    const body: OrderRequest = { email: 'a@b.co', payment: { provider: 'test', token: 'success' } };
    expect(orderProblems(quote, body)).toEqual({
      shippingAddress: ADDRESS_REQUIRED,
      couponCodes: 'X: This coupon code is not valid.',
      giftCardCodes: 'Y: This gift card code is not valid.',
    });
  });
});

describe('order confirmation email', () => {
  const order: OrderView = {
    id: 'o1',
    number: 1001,
    paymentStatus: 'paid',
    fulfillmentStatus: 'unfulfilled',
    refundedCents: 0,
    paymentUrl: null,
    cartId: 'c1',
    email: 'ada@example.com',
    currency: 'USD',
    subtotalCents: 10_000,
    discountCents: 1_000,
    shippingCostCents: 800,
    taxCents: 700,
    grandTotalCents: 10_500,
    giftCardCents: 500,
    amountPaidCents: 10_000,
    created: 0,
    entries: [
      {
        id: 'l1',
        itemId: 'p',
        variantId: 'v',
        productType: 1,
        title: 'Shirt',
        sku: 'S',
        attributes: { Size: 'M' },
        quantity: 2,
        unitPriceCents: 2_500,
        subTotal: 5_000,
      },
      {
        id: 'l2',
        itemId: 'g',
        variantId: 'g',
        productType: 4,
        title: 'Gift Card',
        sku: 'G',
        attributes: {},
        quantity: 1,
        unitPriceCents: 5_000,
        subTotal: 5_000,
      },
    ],
    issuedGiftCards: [
      { code: 'ABCD-EFGH-JKMN-PQRS-TUVW', balanceCents: 5_000, currency: 'USD', recipient: null },
    ],
  };

  it('lists lines, every non-zero total and the issued gift card codes', () => {
    const mail = orderConfirmationEmail(order, { id: 's', title: 'Shop' });
    expect(mail).toMatchObject({
      kind: 'order-confirmation',
      reference: 'o1',
      to: 'ada@example.com',
      subject: 'Your Shop order #1001',
      siteId: 's',
    });
    expect(mail.text).toBe(
      [
        'Thank you for your order from Shop.',
        '',
        'Order #1001',
        '',
        '- 2 × Shirt (Size: M): 50.00 USD',
        '- 1 × Gift Card: 50.00 USD',
        '',
        'Subtotal: 100.00 USD',
        'Discount: −10.00 USD',
        'Shipping: 8.00 USD',
        'Tax: 7.00 USD',
        'Total: 105.00 USD',
        'Paid with gift cards: 5.00 USD',
        'Charged: 100.00 USD',
        '',
        'Your gift cards (keep these codes safe; they work like cash):',
        '- ABCD-EFGH-JKMN-PQRS-TUVW: 50.00 USD',
        '',
      ].join('\n'),
    );
  });
});
