/**
 * The orders table's search and filters: order number or email, a payment or fulfilment state,
 * and a date range. Applied on 'Search' (Enter in any box), so typing does not ask per key.
 */
import { useState, type FormEvent } from 'react';
import { FULFILLMENT_STATUSES, PAYMENT_STATUSES } from '../../shared/orders/statuses.ts';
import { NO_ORDER_FILTERS, type OrderFilters, type OrderState } from '../api/orders.ts';
import { stateLabel } from '../format-order.ts';

export function OrderFiltersForm({
  onApply,
}: {
  readonly onApply: (filters: OrderFilters) => void;
}) {
  const [draft, setDraft] = useState<OrderFilters>(NO_ORDER_FILTERS);
  const set = (change: Partial<OrderFilters>) => setDraft((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form className="filters" role="search" aria-label="Find orders" onSubmit={submit}>
      <label>
        Order number or email
        <input type="search" value={draft.q} onChange={(e) => set({ q: e.target.value })} />
      </label>
      <label>
        State
        <select
          value={draft.state}
          onChange={(e) => set({ state: e.target.value as OrderState | '' })}
        >
          <option value="">Any</option>
          <optgroup label="Payment">
            {PAYMENT_STATUSES.map((state) => (
              <option key={state} value={state}>
                {stateLabel(state)}
              </option>
            ))}
          </optgroup>
          <optgroup label="Fulfilment">
            {FULFILLMENT_STATUSES.map((state) => (
              <option key={state} value={state}>
                {stateLabel(state)}
              </option>
            ))}
          </optgroup>
        </select>
      </label>
      <label>
        From
        <input type="date" value={draft.from} onChange={(e) => set({ from: e.target.value })} />
      </label>
      <label>
        To
        <input type="date" value={draft.to} onChange={(e) => set({ to: e.target.value })} />
      </label>
      <button type="submit">Search</button>
      <button
        type="button"
        onClick={() => {
          setDraft(NO_ORDER_FILTERS);
          onApply(NO_ORDER_FILTERS);
        }}
      >
        Clear
      </button>
    </form>
  );
}
