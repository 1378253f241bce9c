/**
 * The plan a subscription cart is bought on, for the subscription page (it reads the cart by
 * its token through the checkout quote): the plan of the product in the cart as it is now.
 */
import { eq } from 'drizzle-orm';
import {
  readSubscriptionPlan,
  type SubscriptionPlan,
} from '../../../shared/subscriptions/wording.ts';
import { schema, type AppDb } from '../../db/index.ts';

const { cartEntries, products } = schema;

export async function subscriptionPlanOfCart(
  db: AppDb,
  cartId: string,
): Promise<SubscriptionPlan | null> {
  const [row] = await db
    .select({ plan: products.subscriptionPlan, isSubscribable: products.isSubscribable })
    .from(cartEntries)
    .innerJoin(products, eq(products.id, cartEntries.productId))
    .where(eq(cartEntries.cartId, cartId))
    .limit(1);
  return row?.isSubscribable ? readSubscriptionPlan(row.plan) : null;
}
