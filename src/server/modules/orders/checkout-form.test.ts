import { describe, expect, it } from 'vitest';
import { orderRequest } from '../../../shared/checkout/requests.ts';
import {
  errorsByInput,
  inputOfPath,
  orderBodyOf,
  quoteRequestOf,
  readCheckoutForm,
} from './checkout-form.ts';

const typed = (fields: Record<string, string>) =>
  readCheckoutForm({ payment: 'success', ...fields });

describe('the checkout form', () => {
  it('reads only its own inputs and an offered payment', () => {
    const form = readCheckoutForm({ email: 'a@b.co', evil: 'x', payment: 'steal' });
    expect(form.values).toEqual({ email: 'a@b.co' });
    expect(form.payment).toBeUndefined();
    expect(readCheckoutForm({ payment: 'decline' }).payment).toBe('decline');
  });

  it('sends the address only when the cart ships or the shopper typed one', () => {
    const digital = typed({ email: 'a@b.co' });
    expect(orderBodyOf({ ...digital, payment: 'success' }, false)).toEqual({
      email: 'a@b.co',
      payment: { provider: 'test', token: 'success' },
    });
    const body = orderRequest.safeParse(orderBodyOf({ ...digital, payment: 'success' }, true));
    expect(body.success).toBe(false);
    if (!body.success) {
      const paths = body.error.issues.map((issue) => issue.path.join('.'));
      expect(paths).toEqual(
        expect.arrayContaining([
          'shippingAddress.name',
          'shippingAddress.line1',
          'shippingAddress.city',
          'shippingAddress.postalCode',
          'shippingAddress.country',
        ]),
      );
    }
  });

  it('splits typed codes on commas and spaces, and leaves blank optional lines out', () => {
    const form = typed({
      email: 'a@b.co',
      name: 'Ada',
      line1: '1 Main',
      line2: '  ',
      city: 'London',
      postalCode: 'SW1A 1AA',
      country: 'gb',
      couponCode: 'ONE, two',
      giftCardCode: 'AAAA-BBBB',
      shippingOptionId: 'express',
    });
    const body = orderRequest.parse(orderBodyOf({ ...form, payment: 'success' }, true));
    expect(body.couponCodes).toEqual(['ONE', 'two']);
    expect(body.giftCardCodes).toEqual(['AAAA-BBBB']);
    expect(body.shippingAddress).toEqual({
      name: 'Ada',
      line1: '1 Main',
      city: 'London',
      postalCode: 'SW1A 1AA',
      country: 'GB',
    });
    expect(body.shippingOptionId).toBe('express');
  });

  it('quotes what it can of the typed values, leaving out a part a quote refuses', () => {
    expect(quoteRequestOf(typed({ country: 'us', region: 'ny', couponCode: 'A' }))).toEqual({
      shippingAddress: { country: 'US', region: 'ny' },
      couponCodes: ['A'],
    });
    expect(quoteRequestOf(typed({ country: 'Narnia', couponCode: 'A' }))).toEqual({
      couponCodes: ['A'],
    });
  });

  it('puts each order error beside its input, the rest on the form', () => {
    expect(inputOfPath('shippingAddress.postalCode')).toBe('postalCode');
    expect(inputOfPath('shippingAddress')).toBe('address');
    expect(inputOfPath('couponCodes.0')).toBe('couponCode');
    expect(inputOfPath('giftCardCodes')).toBe('giftCardCode');
    expect(inputOfPath('payment.token')).toBe('payment');
    expect(inputOfPath('body')).toBe('form');
    expect(
      errorsByInput({ email: 'Email is invalid', 'couponCodes.1': 'X', couponCodes: 'Y' }),
    ).toEqual({
      email: 'Email is invalid',
      couponCode: 'X',
    });
  });
});
