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

export interface RefundRequest {
  /** The reference of the charge being given back. */
  readonly reference: string;
  /** Minor units; at most what is left of the charge. */
  readonly amountCents: number;
  /** Passed on so a retried refund (same owner action) never refunds twice. */
  readonly idempotencyKey: string;
}

export type RefundResult =
  | { readonly status: 'succeeded'; readonly reference: string }
  /** The provider refused or failed: nothing was refunded. */
  | { readonly status: 'failed'; readonly reason: string };

export interface PaymentProvider {
  readonly id: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives back part or all of a successful charge. */
  refund(request: RefundRequest): Promise<RefundResult>;
}

export type PaymentProviders = ReadonlyMap<string, PaymentProvider>;
