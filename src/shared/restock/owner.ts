/**
 * The owner side of restock sign-up lists (docs/behaviour/restock.md#owner-lists-and-sends): the list queries and send
 * bodies, and the response shapes (signUpGroups / signUps with hasNextPage, nextPageCursor).
 */
import { z } from 'zod';

const recordId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must be an id');
/** Opaque: clients pass back what they were given. */
const cursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,512}$/, 'Not a cursor from this list')
  .optional();

/** Sign-ups per page of a list. */
export const RESTOCK_LIST_PAGE_SIZE = 50;
/** Most variants one send/all call may name. */
export const MAX_SEND_REQUESTS = 100;

export const restockGroupsQuery = z.object({ cursor });
export const restockSignUpsQuery = z.object({ productId: recordId, variantId: recordId, cursor });

export const restockSendRequest = z.strictObject({ productId: recordId, variantId: recordId });
export type RestockSendRequest = z.output<typeof restockSendRequest>;

export const restockSendAllBody = z.strictObject({
  sendRequests: z
    .array(restockSendRequest)
    .min(1, 'Name at least one variant')
    .max(MAX_SEND_REQUESTS),
});

export interface RestockSignUpGroup {
  readonly productId: string;
  readonly variantId: string;
  readonly productName: string;
  readonly sku: string;
  /** Option name → value of the variant, e.g. { Size: "L" }. */
  readonly attributes: Readonly<Record<string, string>>;
  /** Sign-ups not yet notified. */
  readonly pendingCount: number;
  /** Sign-ups already notified. */
  readonly sentCount: number;
  /** True when the variant is back in stock, so its pending sign-ups may be sent. */
  readonly sendable: boolean;
}

export interface RestockSignUp {
  readonly id: string;
  readonly productId: string;
  readonly variantId: string;
  readonly email: string;
  readonly isJoinMailingList: boolean;
  /** ISO 8601 instants. */
  readonly created: string;
  readonly sentAt: string | null;
}

export interface RestockGroupsResponse {
  readonly signUpGroups: readonly RestockSignUpGroup[];
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}

export interface RestockSignUpsResponse {
  readonly signUps: readonly RestockSignUp[];
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}

/** What a send answers: per variant, how many notices went out now. */
export interface RestockSendResult {
  readonly productId: string;
  readonly variantId: string;
  readonly sentCount: number;
}
