/**
 * Fulfil, refund and cancel an order through the order-lifecycle endpoints, each offered only
 * while the order's state allows it (a done action keeps its form to show the outcome),
 * (POST /api/vitrine/owner/orders/:orderId/fulfillments | refunds | cancel), each attempt with
 * its own Idempotency-Key so a repeated click or a retried request acts once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { api, ApiError } from '../api/client.ts';
import { formatMoney, minorPerMajor } from '../format.ts';

type Action = 'fulfillments' | 'refunds' | 'cancel';

function useOrderAction(orderId: string, action: Action) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api(`/api/vitrine/owner/orders/${encodeURIComponent(orderId)}/${action}`, {
        method: 'POST',
        body,
        headers: { 'idempotency-key': crypto.randomUUID() },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['order', orderId] }),
  });
}

function Outcome({
  mutation,
  done,
}: {
  readonly mutation: { error: unknown; isSuccess: boolean };
  readonly done: string;
}) {
  if (mutation.error)
    return (
      <p className="form-error" role="alert">
        {mutation.error instanceof ApiError ? mutation.error.message : 'Something went wrong.'}
      </p>
    );
  return mutation.isSuccess ? <p role="status">{done}</p> : null;
}

/**
 * Why a typed refund amount cannot be sent, or null with the amount in minor units: the server
 * refuses the same (docs/owner-api.md), but the owner reads it beside the field before sending.
 */
export function refundProblem(
  typed: string,
  refundableCents: number,
  currency: string,
): { problem: string } | { cents: number } {
  const perMajor = minorPerMajor(currency);
  const decimals = Math.round(Math.log10(perMajor));
  const text = typed.trim();
  if (!/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0)
    return { problem: 'Enter an amount greater than 0.' };
  if ((text.split('.')[1] ?? '').length > decimals)
    return {
      problem:
        decimals === 0
          ? `${currency} amounts have no decimal places.`
          : `Use at most ${String(decimals)} decimal places.`,
    };
  const cents = Math.round(Number(text) * perMajor);
  if (cents > refundableCents)
    return { problem: `At most ${formatMoney(refundableCents, currency)} is left to refund.` };
  return { cents };
}

export function OrderActions({
  orderId,
  currency,
  refundableCents,
  canFulfil,
  canCancel,
}: {
  readonly orderId: string;
  readonly currency: string;
  /** What is left to refund; no refund form at 0. */
  readonly refundableCents: number;
  readonly canFulfil: boolean;
  readonly canCancel: boolean;
}) {
  const fulfil = useOrderAction(orderId, 'fulfillments');
  const refund = useOrderAction(orderId, 'refunds');
  const cancel = useOrderAction(orderId, 'cancel');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const leftToRefund = String(refundableCents / minorPerMajor(currency));
  const [amount, setAmount] = useState(leftToRefund);
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const headingId = useId();
  const amountErrorId = useId();
  // After a refund the form offers what is left, not the amount just refunded.
  useEffect(() => setAmount(leftToRefund), [leftToRefund]);
  const onFulfil = (event: FormEvent) => {
    event.preventDefault();
    fulfil.mutate({
      ...(carrier.trim() ? { carrier: carrier.trim() } : {}),
      ...(tracking.trim() ? { trackingNumber: tracking.trim() } : {}),
      notifyCustomer: true,
    });
  };
  const onRefund = (event: FormEvent) => {
    event.preventDefault();
    const checked = refundProblem(amount, refundableCents, currency);
    if ('problem' in checked) {
      setAmountProblem(checked.problem);
      return;
    }
    setAmountProblem(null);
    refund.mutate({
      amount: checked.cents,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
      restock: false,
    });
  };
  return (
    <section aria-labelledby={headingId} className="order-actions">
      <h2 id={headingId}>Actions</h2>
      {!canFulfil && !canCancel && refundableCents === 0 ? (
        <p>Nothing left to do on this order.</p>
      ) : null}
      {canFulfil || fulfil.isSuccess ? (
        <form onSubmit={onFulfil}>
          <h3>Fulfil</h3>
          <label>
            Carrier (optional)
            <input value={carrier} onChange={(event) => setCarrier(event.target.value)} />
          </label>
          <label>
            Tracking number (optional)
            <input value={tracking} onChange={(event) => setTracking(event.target.value)} />
          </label>
          <button type="submit" disabled={fulfil.isPending}>
            Mark as fulfilled
          </button>
          <Outcome mutation={fulfil} done="Fulfilled; the customer was sent the shipping email." />
        </form>
      ) : null}
      {refundableCents > 0 || refund.isSuccess ? (
        <form onSubmit={onRefund}>
          <h3>Refund</h3>
          <label>
            Amount ({currency})
            <input
              inputMode="decimal"
              value={amount}
              aria-invalid={amountProblem ? true : undefined}
              aria-describedby={amountProblem ? amountErrorId : undefined}
              onChange={(event) => setAmount(event.target.value)}
            />
          </label>
          {amountProblem ? (
            <p id={amountErrorId} className="field-error">
              {amountProblem}
            </p>
          ) : null}
          <label>
            Reason (optional)
            <input value={reason} onChange={(event) => setReason(event.target.value)} />
          </label>
          <button type="submit" disabled={refund.isPending}>
            Refund
          </button>
          <Outcome mutation={refund} done="Refunded." />
        </form>
      ) : null}
      {canCancel || cancel.isSuccess ? (
        <div>
          <h3>Cancel</h3>
          {confirmingCancel && !cancel.isSuccess ? (
            <div role="group" aria-label="Confirm the cancellation">
              <p>
                Cancelling refunds what was paid, puts the items back in stock and voids gift cards
                this order issued. It cannot be undone.
              </p>
              <button type="button" disabled={cancel.isPending} onClick={() => cancel.mutate({})}>
                Yes, cancel the order
              </button>{' '}
              <button type="button" onClick={() => setConfirmingCancel(false)}>
                Keep the order
              </button>
            </div>
          ) : (
            <button
              type="button"
              disabled={cancel.isPending || cancel.isSuccess}
              onClick={() => setConfirmingCancel(true)}
            >
              Cancel order
            </button>
          )}
          <Outcome mutation={cancel} done="Cancelled; the items are back in stock." />
        </div>
      ) : null}
    </section>
  );
}
