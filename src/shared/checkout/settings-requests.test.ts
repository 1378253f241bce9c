import { describe, expect, it } from 'vitest';
import { idempotencyKey, orderRequest, quoteRequest } from './requests.ts';
import { checkoutSettingsSchema, readCheckoutSettings } from './settings.ts';

describe('checkout settings', () => {
  it('reads coupons, rates and rules, defaulting each to none, leaving other settings alone', () => {
    const read = readCheckoutSettings({
      storeSettings: { x: 1 },
      coupons: [{ code: 'A', type: 'FIXED', amountCents: 1 }],
    });
    expect(read).toEqual({
      ok: true,
      settings: {
        coupons: [{ code: 'A', type: 'FIXED', amountCents: 1 }],
        shippingRates: [],
        taxRules: [],
      },
    });
    expect(readCheckoutSettings(undefined)).toEqual({
      ok: true,
      settings: { coupons: [], shippingRates: [], taxRules: [] },
    });
  });

  it('refuses incomplete coupons, duplicates and fractional amounts with the path', () => {
    const result = checkoutSettingsSchema.safeParse({
      coupons: [
        { code: 'A', type: 'PERCENTAGE' },
        { code: 'B', type: 'FIXED', amountCents: 1 },
        { code: 'b', type: 'FIXED', amountCents: 1 },
      ],
      shippingRates: [{ id: 's', name: 'S', amountCents: 1.5 }],
      taxRules: [{ id: 't', name: 'T', country: 'usa', rateBasisPoints: 10_001 }],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'coupons.0.percent',
        'coupons.2',
        'shippingRates.0.amountCents',
        'taxRules.0.country',
        'taxRules.0.rateBasisPoints',
      ]),
    );
  });
});

describe('order and quote requests', () => {
  const order = {
    email: 'ada@example.com',
    shippingAddress: {
      name: 'Ada',
      line1: '1 Main St',
      city: 'Brooklyn',
      region: 'NY',
      postalCode: '11201',
      country: 'us',
    },
    payment: { provider: 'test', token: 'success' },
  };

  it('accepts an order and upper-cases the country', () => {
    expect(orderRequest.parse(order).shippingAddress?.country).toBe('US');
  });

  it('names each bad field with the spec’s email messages', () => {
    const result = orderRequest.safeParse({
      ...order,
      email: ' ',
      shippingAddress: { ...order.shippingAddress, city: '' },
    });
    const fields = Object.fromEntries(
      result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [],
    );
    expect(fields).toEqual({ email: 'Email cannot be blank', 'shippingAddress.city': 'Required' });
    expect(orderRequest.safeParse({ ...order, email: 'ada@' }).error?.issues[0]?.message).toBe(
      'Email is invalid',
    );
    expect(
      orderRequest.safeParse({ ...order, payment: { provider: 'visa', token: 'x' } }).success,
    ).toBe(false);
    expect(orderRequest.safeParse({ ...order, extra: 1 }).success).toBe(false);
    expect(orderRequest.safeParse({ ...order, couponCodes: 'X' }).success).toBe(false);
  });

  it('quotes from a country alone', () => {
    expect(
      quoteRequest.parse({ shippingAddress: { country: 'gb' } }).shippingAddress?.country,
    ).toBe('GB');
    expect(quoteRequest.safeParse({ shippingAddress: { city: 'x' } }).success).toBe(false);
  });

  it('takes 1–255 visible characters as an Idempotency-Key', () => {
    expect(idempotencyKey.safeParse('a'.repeat(255)).success).toBe(true);
    expect(idempotencyKey.safeParse('a'.repeat(256)).success).toBe(false);
    expect(idempotencyKey.safeParse('has space').success).toBe(false);
    expect(idempotencyKey.safeParse('').success).toBe(false);
  });
});
