/**
 * The built-in simulated provider, configured as `test`: production code that charges nobody,
 * for the demo store and test mode. No network; the outcome is the token. 'success' charges,
 * 'decline' is refused like a card without funds, 'refund-fails' charges but refuses every
 * refund (the owner's refund failure path), anything else ('error') is a provider failure. It
 * remembers its charges and refunds in memory so tests can check that a failed checkout gave
 * the money back. One instance per process (src/server/services.ts).
 */
import { randomUUID } from 'node:crypto';
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundResult } from './provider.ts';

export const TEST_TOKENS = {
  success: 'success',
  decline: 'decline',
  error: 'error',
  refundFails: 'refund-fails',
} as const;

export interface TestCharge extends ChargeRequest {
  refundedCents: number;
  /** Given back in full. */
  refunded: boolean;
  /** Refund idempotency keys already answered, with the refund's reference. */
  readonly refundKeys: Map<string, string>;
}

export interface TestPaymentProvider extends PaymentProvider {
  readonly charges: ReadonlyMap<string, TestCharge>;
}

export function createTestPaymentProvider(): TestPaymentProvider {
  const charges = new Map<string, TestCharge>();
  return {
    id: 'test',
    charges,
    async charge(request): Promise<ChargeResult> {
      if (request.token === TEST_TOKENS.decline) {
        return { status: 'declined', reason: 'test card declined' };
      }
      if (request.token !== TEST_TOKENS.success && request.token !== TEST_TOKENS.refundFails) {
        return { status: 'failed', reason: 'test provider error' };
      }
      const reference = `test_${randomUUID()}`;
      charges.set(reference, {
        ...request,
        refundedCents: 0,
        refunded: false,
        refundKeys: new Map(),
      });
      return { status: 'succeeded', reference };
    },
    async refund({ reference, amountCents, idempotencyKey }): Promise<RefundResult> {
      const charge = charges.get(reference);
      if (!charge) return { status: 'failed', reason: `unknown test charge ${reference}` };
      const earlier = charge.refundKeys.get(idempotencyKey);
      if (earlier !== undefined) return { status: 'succeeded', reference: earlier };
      if (charge.token === TEST_TOKENS.refundFails)
        return { status: 'failed', reason: 'test refund refused' };
      if (amountCents < 1 || charge.refundedCents + amountCents > charge.amountCents)
        return { status: 'failed', reason: 'refund exceeds what is left of the charge' };
      charge.refundedCents += amountCents;
      charge.refunded = charge.refundedCents === charge.amountCents;
      const refundReference = `test_refund_${randomUUID()}`;
      charge.refundKeys.set(idempotencyKey, refundReference);
      return { status: 'succeeded', reference: refundReference };
    },
  };
}

export function createPaymentProviders(
  providers: readonly PaymentProvider[] = [createTestPaymentProvider()],
): ReadonlyMap<string, PaymentProvider> {
  return new Map(providers.map((provider) => [provider.id, provider]));
}
