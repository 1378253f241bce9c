// What may be bought as a subscription (docs/behaviour/subscriptions.md#what-may-be-a-subscription: subscriptions are allowed
// only for physical and service products). The product must also be sold as one
// (isSubscribable with a usable plan); everything else about the item (variant, stock,
// quantity, extra fields) follows the cart's rules.

import { PRODUCT_TYPES } from '../catalog/product-types.ts';
import type { ErrorCode } from '../errors.ts';
import { readSubscriptionPlan } from './wording.ts';

export interface SubscribableProduct {
  readonly productType: number;
  readonly isSubscribable: boolean;
  readonly subscriptionPlan: unknown;
}

const SUBSCRIPTION_TYPES: ReadonlySet<number> = new Set([
  PRODUCT_TYPES.PHYSICAL,
  PRODUCT_TYPES.SERVICE,
]);

/** Why a product cannot be subscribed to, or undefined when it can. */
export function subscriptionRefusal(product: SubscribableProduct): ErrorCode | undefined {
  if (!SUBSCRIPTION_TYPES.has(product.productType)) return 'SUBSCRIPTION_TYPE_NOT_ALLOWED';
  if (!product.isSubscribable || readSubscriptionPlan(product.subscriptionPlan) === null)
    return 'NOT_SUBSCRIBABLE';
  return undefined;
}
