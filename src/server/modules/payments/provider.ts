/**
 * The payment provider interface. Checkout charges the amount due after gift cards before its
 * transaction and refunds the charge when the transaction does not commit (stock ran out, the
 * cart changed), so a shopper is never charged for an order that does not exist.
 */

export interface ChargeRequest {
  readonly amountCents: number;
  readonly currency: string;
  /** What the payment form produced (a card token); the test provider reads its outcome from it. */
  readonly token: string;
  /** Passed on so a provider that supports it never charges one order twice. */
  readonly idempotencyKey: string;
  readonly description: string;
}

export type ChargeResult =
  | { readonly status: 'succeeded'; readonly reference: string }
  /** The card was refused (funds, fraud rules): the shopper should use another card. */
  | { readonly status: 'declined'; readonly reason: string }
  /** The provider could not be reached or failed: nothing was charged, trying again may work. */
  | { readonly status: 'failed'; readonly reason: string };

export interface PaymentProvider {
  readonly id: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives a successful charge back in full. */
  refund(reference: string): Promise<void>;
}

export type PaymentProviders = ReadonlyMap<string, PaymentProvider>;
