import { describe, expect, it } from 'vitest';
import { createPaymentProviders, createTestPaymentProvider } from './test-provider.ts';

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
    await provider.refund(ok.reference);
    expect(provider.charges.get(ok.reference)?.refunded).toBe(true);
    await expect(provider.refund('nope')).rejects.toThrow(/unknown/);
  });

  it('is registered under "test" by default', () => {
    expect([...createPaymentProviders().keys()]).toEqual(['test']);
  });
});
