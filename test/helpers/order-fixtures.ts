/**
 * Orders placed through the real API for owner-side tests, and the owner's action calls with
 * an Idempotency-Key of their own.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.ts';
import { createCart, shopper, type Item } from './checkout-fixtures.ts';
import type { Visitor } from './session.ts';

export const NY_ADDRESS = {
  name: 'Ada Lovelace',
  line1: '1 Water St',
  city: 'Brooklyn',
  region: 'NY',
  postalCode: '11201',
  country: 'US',
};

export interface PlacedOrder {
  readonly id: string;
  readonly number: number;
  readonly amountPaidCents: number;
  readonly grandTotalCents: number;
  readonly paymentStatus: string;
}

let keys = 0;

export async function placeTestOrder(
  harness: TestApp,
  entries: readonly { item: Item; quantity: number }[],
  options: { email?: string; token?: string; giftCardCodes?: string[]; address?: boolean } = {},
): Promise<PlacedOrder> {
  const { token } = await createCart(harness.database.db, entries);
  keys += 1;
  const response = await (
    await shopper(harness.app, token)
  ).inject({
    method: 'POST',
    url: '/api/commerce/orders',
    headers: { 'idempotency-key': `placed-${keys}-${randomUUID()}` },
    payload: {
      email: options.email ?? 'ada@example.com',
      ...(options.address === false ? {} : { shippingAddress: NY_ADDRESS }),
      ...(options.giftCardCodes ? { giftCardCodes: options.giftCardCodes } : {}),
      payment: { provider: 'test', token: options.token ?? 'success' },
    },
  });
  if (response.statusCode !== 201) throw new Error(`order not placed: ${response.body}`);
  return response.json<{ order: PlacedOrder }>().order;
}

export function ownerAction(
  owner: Visitor,
  orderId: string,
  action: 'fulfillments' | 'refunds' | 'cancel',
  payload: object,
  key: string | null,
): Promise<LightMyRequestResponse> {
  return owner.inject({
    method: 'POST',
    url: `/api/vitrine/owner/orders/${orderId}/${action}`,
    headers: key === null ? {} : { 'idempotency-key': key },
    payload,
  });
}
