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

/**
 * What a charge or refund came to: done, with the provider's reference, or not done, with the
 * reason to show or log.
 */
export type ProviderResult<NotDone extends string> =
  | { readonly status: 'succeeded'; readonly reference: string }
  // One member per way of failing, so a check of one status narrows to the others.
  | (NotDone extends string ? { readonly status: NotDone; readonly reason: string } : never);

/**
 * `declined`: the card was refused (funds, fraud rules), the shopper should use another card.
 * `failed`: the provider could not be reached or failed, nothing was charged, trying again may work.
 */
export type ChargeResult = ProviderResult<'declined' | 'failed'>;

export interface RefundRequest {
  /** The reference of the charge being given back. */
  readonly reference: string;
  /** Minor units; at most what is left of the charge. */
  readonly amountCents: number;
  /** Passed on so a retried refund (same owner action) never refunds twice. */
  readonly idempotencyKey: string;
}

/** `failed`: the provider refused or failed, nothing was refunded. */
export type RefundResult = ProviderResult<'failed'>;

export interface HostedCheckoutRequest {
  /** The order's id, chosen before the session so the provider's page and webhook name it. */
  readonly orderId: string;
  readonly siteId: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly description: string;
  readonly email: string;
  /** Where the provider's page sends the shopper back, paid or not. */
  readonly returnUrl: string;
  readonly idempotencyKey: string;
}

export type HostedCheckoutResult =
  | { readonly status: 'created'; readonly sessionId: string; readonly url: string }
  | { readonly status: 'failed'; readonly reason: string };

/** What a verified webhook delivery says, in the provider's neutral terms. */
export type PaymentWebhookEvent =
  | {
      readonly type: 'session_completed';
      readonly eventId: string;
      readonly sessionId: string;
      /** The charge's reference for later refunds (Stripe: the PaymentIntent). */
      readonly paymentReference: string | null;
    }
  | { readonly type: 'session_expired'; readonly eventId: string; readonly sessionId: string }
  | { readonly type: 'ignored'; readonly eventId: string };

/**
 * A provider whose page takes the payment (Stripe Checkout): checkout creates a session and
 * sends the shopper to its URL; the order is paid when the signed webhook says so.
 */
export interface HostedCheckout {
  /** Origins of the provider's payment pages (the checkout form's redirect goes there). */
  readonly pageOrigins: readonly string[];
  createSession(request: HostedCheckoutRequest): Promise<HostedCheckoutResult>;
  /** Closes a session nobody should pay any more (its order was not written). */
  expireSession(sessionId: string): Promise<void>;
  /** Verifies the signature over the raw body; null when it does not verify (forged, stale). */
  readWebhook(rawBody: Buffer, signature: string | undefined): PaymentWebhookEvent | null;
}

export interface PaymentProvider {
  readonly id: string;
  /** Present when the provider's own page takes the payment; `charge` is then not used. */
  readonly hosted?: HostedCheckout;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives back part or all of a successful charge. */
  refund(request: RefundRequest): Promise<RefundResult>;
}

export type PaymentProviders = ReadonlyMap<string, PaymentProvider>;
