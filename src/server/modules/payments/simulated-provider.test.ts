import { describe, expect, it } from 'vitest';
import { createPaymentProviders, createTestPaymentProvider } from './simulated-provider.ts';

const request = { amountCents: 1_000, currency: 'USD', idempotencyKey: 'k', description: 'order' };

describe('test payment provider', () => {
  it('charges for "success", declines "decline", fails on anything else', async () => {
    const provider = createTestPaymentProvider();
    const ok = await provider.charge({ ...request, token: 'success' });
    expect(ok.status).toBe('succeeded');
    expect(await provider.charge({ ...request, token: 'decline' })).toEqual({
      status: 'declined',
      reason: 'test card declined',
    });
    expect(await provider.charge({ ...request, token: 'error' })).toEqual({
      status: 'failed',
      reason: 'test provider error',
    });
    expect(provider.charges.size).toBe(1);
  });

  it('refunds a charge it made and refuses unknown references', async () => {
    const provider = createTestPaymentProvider();
    const ok = await provider.charge({ ...request, token: 'success' });
    if (ok.status !== 'succeeded') throw new Error('expected a charge');
    const part = { reference: ok.reference, amountCents: 400, idempotencyKey: 'r1' };
    expect(await provider.refund(part)).toMatchObject({ status: 'succeeded' });
    // The same key again is the same refund, not a second one.
    expect(await provider.refund(part)).toMatchObject({ status: 'succeeded' });
    expect(provider.charges.get(ok.reference)).toMatchObject({
      refundedCents: 400,
      refunded: false,
    });
    expect(
      await provider.refund({ reference: ok.reference, amountCents: 601, idempotencyKey: 'r2' }),
    ).toEqual({ status: 'failed', reason: 'refund exceeds what is left of the charge' });
    await provider.refund({ reference: ok.reference, amountCents: 600, idempotencyKey: 'r3' });
    expect(provider.charges.get(ok.reference)).toMatchObject({
      refundedCents: 1_000,
      refunded: true,
    });
    expect(
      await provider.refund({ reference: 'nope', amountCents: 1, idempotencyKey: 'r4' }),
    ).toMatchObject({ status: 'failed', reason: expect.stringMatching(/unknown/) });
  });

  it('charges "refund-fails" but refuses to refund it', async () => {
    const provider = createTestPaymentProvider();
    const ok = await provider.charge({ ...request, token: 'refund-fails' });
    if (ok.status !== 'succeeded') throw new Error('expected a charge');
    expect(
      await provider.refund({ reference: ok.reference, amountCents: 1, idempotencyKey: 'k' }),
    ).toEqual({ status: 'failed', reason: 'test refund refused' });
  });

  it('is registered under "test" by default', () => {
    expect([...createPaymentProviders().keys()]).toEqual(['test']);
  });
});
