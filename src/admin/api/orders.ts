/** The orders list with its search and filters, and one order as the owner view answers it. */
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import type { FulfillmentStatus, PaymentStatus } from '../../shared/orders/statuses.ts';
import type { OrderDetail, OrderLine, OrderPage } from './types.ts';

export type OrderState = PaymentStatus | FulfillmentStatus;

/** What the owner typed and chose above the table; empty strings are left out of the query. */
export interface OrderFilters {
  readonly q: string;
  readonly state: OrderState | '';
  /** YYYY-MM-DD, whole days (UTC), both ends included. */
  readonly from: string;
  readonly to: string;
}

export const NO_ORDER_FILTERS: OrderFilters = { q: '', state: '', from: '', to: '' };

export function useOrderList(filters: OrderFilters, cursor: string | undefined) {
  const query = new URLSearchParams({ limit: '25' });
  for (const [key, value] of Object.entries(filters))
    if (typeof value === 'string' && value.trim() !== '') query.set(key, value.trim());
  if (cursor !== undefined) query.set('cursor', cursor);
  return useQuery({
    queryKey: ['orders', filters, cursor ?? null],
    queryFn: () => api<OrderPage>(`/api/vitrine/owner/orders?${query.toString()}`),
  });
}

export interface OrderEvent {
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly owner: { readonly id: string; readonly email: string | null } | null;
  readonly created: number;
}

export interface OwnerOrder extends Omit<OrderDetail, 'entries'> {
  readonly number: number;
  readonly paymentStatus: string;
  readonly fulfillmentStatus: string;
  readonly refundedCents: number;
  readonly refundableCents: number;
  readonly paymentUrl: string | null;
  readonly taxLines: readonly { id: string; name: string; taxCents: number }[];
  readonly entries: readonly (OrderLine & {
    readonly additionalFields: Readonly<Record<string, unknown>> | null;
    /** The answers under their fields' titles, in the form's order. */
    readonly answers: readonly { readonly title: string; readonly value: string }[];
  })[];
  readonly fulfillment: {
    readonly carrier: string | null;
    readonly trackingNumber: string | null;
    readonly trackingUrl: string | null;
    readonly created: number;
  } | null;
  readonly events: readonly OrderEvent[];
}

export function useOwnerOrder(orderId: string) {
  return useQuery({
    queryKey: ['order', orderId],
    queryFn: () =>
      api<{ order: OwnerOrder }>(`/api/vitrine/owner/orders/${encodeURIComponent(orderId)}`),
  });
}
