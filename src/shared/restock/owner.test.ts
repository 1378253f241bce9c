import { describe, expect, it } from 'vitest';
import {
  MAX_SEND_REQUESTS,
  restockGroupsQuery,
  restockSendAllBody,
  restockSendRequest,
  restockSignUpsQuery,
} from './owner.ts';

describe('owner restock schemas', () => {
  it('reads an optional opaque cursor', () => {
    expect(restockGroupsQuery.parse({})).toEqual({});
    expect(restockGroupsQuery.parse({ cursor: 'eyJhIjoxfQ' })).toEqual({ cursor: 'eyJhIjoxfQ' });
    expect(restockGroupsQuery.safeParse({ cursor: 'not a cursor!' }).success).toBe(false);
  });

  it('needs productId and variantId for a list', () => {
    expect(restockSignUpsQuery.safeParse({ productId: 'p' }).success).toBe(false);
    expect(restockSignUpsQuery.parse({ productId: 'p', variantId: 'v' })).toEqual({
      productId: 'p',
      variantId: 'v',
    });
  });

  it('takes send and send/all bodies, refusing extras, empty and oversized lists', () => {
    expect(restockSendRequest.safeParse({ productId: 'p', variantId: 'v', extra: 1 }).success).toBe(
      false,
    );
    expect(restockSendAllBody.safeParse({ sendRequests: [] }).success).toBe(false);
    const many = Array.from({ length: MAX_SEND_REQUESTS + 1 }, () => ({
      productId: 'p',
      variantId: 'v',
    }));
    expect(restockSendAllBody.safeParse({ sendRequests: many }).success).toBe(false);
    expect(
      restockSendAllBody.parse({ sendRequests: [{ productId: 'p', variantId: 'v' }] }).sendRequests,
    ).toHaveLength(1);
  });
});
