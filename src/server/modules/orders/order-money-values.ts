/**
 * What a page prints of an order's lines and totals, in the order's currency: the shopper's
 * confirmation page and the account's order page show the same money the same way.
 */
import { toMoney } from '../../../shared/money/to-money.ts';
import type { OrderView } from './order-view.ts';

type PricedOrder = Pick<
  OrderView,
  | 'currency'
  | 'entries'
  | 'subtotalCents'
  | 'discountCents'
  | 'shippingCostCents'
  | 'taxCents'
  | 'grandTotalCents'
  | 'giftCardCents'
  | 'amountPaidCents'
>;

export function orderLineValues(order: PricedOrder) {
  const money = (cents: number) => toMoney(cents, order.currency);
  return order.entries.map((entry) => ({
    itemId: entry.itemId,
    variantId: entry.variantId,
    sku: entry.sku,
    unitPriceMoney: money(entry.unitPriceCents),
    title: entry.title,
    quantity: entry.quantity,
    attributes: Object.entries(entry.attributes).map(([name, value]) => ({ name, value })),
    subTotalMoney: money(entry.subTotal),
  }));
}

export function orderTotalValues(order: PricedOrder) {
  const money = (cents: number) => toMoney(cents, order.currency);
  return {
    subtotalMoney: money(order.subtotalCents),
    discountCents: order.discountCents,
    discountMoney: money(order.discountCents),
    shippingCostMoney: money(order.shippingCostCents),
    taxMoney: money(order.taxCents),
    grandTotalMoney: money(order.grandTotalCents),
    giftCardCents: order.giftCardCents,
    giftCardMoney: money(order.giftCardCents),
    amountPaidMoney: money(order.amountPaidCents),
  };
}
