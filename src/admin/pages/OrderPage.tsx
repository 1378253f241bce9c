/**
 * One order: lines, totals, addresses and payment, and the actions the role allows (fulfil,
 * refund, cancel) sent to the order-lifecycle endpoints with an Idempotency-Key each.
 */
import { useParams } from 'react-router';
import { useOrder } from '../api/queries.ts';
import type { OrderDetail } from '../api/types.ts';
import { allows } from '../api/session.ts';
import { useOwner } from '../owner-session.ts';
import { QueryBoundary } from '../components/PageState.tsx';
import { formatDateTime, formatMoney } from '../format.ts';
import { OrderActions } from './OrderActions.tsx';

function addressLines(address: OrderDetail['shippingAddress']): string[] {
  if (!address) return [];
  return Object.values(address).filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
}

function Order({ order }: { readonly order: OrderDetail }) {
  const session = useOwner();
  const money = (minor: number) => formatMoney(minor, order.currency);
  return (
    <>
      <p>
        Placed {formatDateTime(order.created)} by {order.email} · payment {order.status} via{' '}
        {order.paymentProvider}
      </p>
      <table>
        <caption>Items</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {order.entries.map((line) => (
            <tr key={line.id}>
              <td>
                {line.title}
                {Object.keys(line.attributes).length > 0
                  ? ` (${Object.values(line.attributes).join(' / ')})`
                  : ''}
              </td>
              <td>{line.quantity}</td>
              <td>{money(line.unitPriceCents * line.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="totals">
        <dt>Subtotal</dt>
        <dd>{money(order.subtotalCents)}</dd>
        <dt>Discount</dt>
        <dd>{money(order.discountCents)}</dd>
        <dt>Shipping</dt>
        <dd>{money(order.shippingCostCents)}</dd>
        <dt>Tax</dt>
        <dd>{money(order.taxCents)}</dd>
        <dt>Gift card</dt>
        <dd>{money(order.giftCardCents)}</dd>
        <dt>Total</dt>
        <dd>{money(order.grandTotalCents)}</dd>
      </dl>
      <section aria-labelledby="ship-to">
        <h2 id="ship-to">Shipping</h2>
        {order.shippingAddress ? (
          <address>
            {addressLines(order.shippingAddress).map((line) => (
              <span key={line} className="address-line">
                {line}
              </span>
            ))}
          </address>
        ) : (
          <p>Nothing to ship.</p>
        )}
        {order.shippingOption?.name ? <p>Method: {order.shippingOption.name}</p> : null}
      </section>
      {allows(session, 'orders:manage') ? (
        <OrderActions
          orderId={order.id}
          currency={order.currency}
          paidCents={order.amountPaidCents}
        />
      ) : null}
    </>
  );
}

export function OrderPage() {
  const { orderId = '' } = useParams();
  const query = useOrder(orderId);
  return (
    <>
      <h1>Order</h1>
      <QueryBoundary query={query} what="the order" forbiddenTo="see orders">
        {({ order }) => <Order order={order} />}
      </QueryBoundary>
    </>
  );
}
