import { describe, expect, it } from 'vitest';
import type { OrderView } from '../orders/order-view.ts';
import { describeJobRun } from './jobs.ts';
import { RENEWAL_EMAIL_KIND, renewalEmail } from './renewal-email.ts';

const order: OrderView = {
  id: 'order-2',
  number: 1001,
  paymentStatus: 'paid',
  fulfillmentStatus: 'unfulfilled',
  refundedCents: 0,
  paymentUrl: null,
  cartId: 'cart-2',
  email: 'ada@example.com',
  currency: 'USD',
  subtotalCents: 1_500,
  discountCents: 0,
  shippingCostCents: 0,
  taxCents: 0,
  grandTotalCents: 1_500,
  giftCardCents: 0,
  amountPaidCents: 1_500,
  created: 0,
  entries: [
    {
      id: 'line-1',
      itemId: 'coffee',
      variantId: 'coffee-v',
      productType: 1,
      title: 'Coffee',
      sku: 'C-1',
      attributes: {},
      quantity: 1,
      unitPriceCents: 1_500,
      subTotal: 1_500,
    },
  ],
  issuedGiftCards: [],
};
const site = { id: 'site', title: 'Roastery' };

describe('renewalEmail', () => {
  it('says which payment of a finite plan this is, and when it was the last', () => {
    const second = renewalEmail(order, site, { cycle: 2, numBillingCycles: 3 });
    expect(second).toMatchObject({
      kind: RENEWAL_EMAIL_KIND,
      reference: 'order-2',
      to: 'ada@example.com',
      subject: 'Your Roastery subscription has renewed',
    });
    expect(second.text).toMatch(
      /^Your subscription from Roastery has renewed \(payment 2 of 3\)\.\n/,
    );
    expect(second.text).not.toContain('last payment');
    expect(second.text).toContain('- 1 × Coffee: 15.00 USD');
    const last = renewalEmail(order, site, { cycle: 3, numBillingCycles: 3 });
    expect(last.text).toContain(
      '(payment 3 of 3). This was the last payment of your subscription.',
    );
  });

  it('counts payments of a plan that runs until cancelled', () => {
    expect(renewalEmail(order, site, { cycle: 7, numBillingCycles: 0 }).text).toContain(
      'has renewed (payment 7).',
    );
  });
});

describe('describeJobRun', () => {
  it('counts renewals by outcome', () => {
    expect(
      describeJobRun({
        renewals: [
          { subscriptionId: 'a', cycle: 2, status: 'renewed', orderId: 'o1' },
          { subscriptionId: 'b', cycle: 3, status: 'completed', orderId: 'o2' },
          { subscriptionId: 'c', cycle: 2, status: 'failed', reason: 'declined' },
          { subscriptionId: 'd', cycle: 2, status: 'renewed', orderId: 'o3' },
        ],
      }),
    ).toBe('Renewals: 2 renewed, 1 completed, 1 failed, 0 skipped.');
  });
});
