/**
 * One order: lines with the shopper's extra-field answers, totals, the address, payment and
 * fulfilment, the timeline, and the actions the role allows and the order's state still
 * permits (fulfil, refund, cancel), sent to the order-lifecycle endpoints.
 */
import { Link, useParams } from 'react-router';
import { useOwnerOrder, type OwnerOrder } from '../api/orders.ts';
import { allows } from '../api/session.ts';
import { useOwner } from '../owner-session.ts';
import { QueryBoundary } from '../components/PageState.tsx';
import { formatDateTime, formatMoney } from '../format.ts';
import { stateLabel } from '../format-order.ts';
import { OrderActions } from './OrderActions.tsx';
import { OrderTimeline } from './OrderTimeline.tsx';

/** A text member of the stored address, '' when absent. */
function part(address: NonNullable<OwnerOrder['shippingAddress']>, key: string): string {
  const value = address[key];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The address as a label reads, as the shopper's confirmation prints it: name, street lines,
 * "city, region postal code", country. The stored object's key order says nothing about that.
 */
export function addressLines(address: OwnerOrder['shippingAddress']): string[] {
  if (!address) return [];
  const region = part(address, 'region');
  const cityLine = [
    part(address, 'city') + (region ? `, ${region}` : ''),
    part(address, 'postalCode'),
  ]
    .filter((piece) => piece !== '')
    .join(' ');
  return [
    part(address, 'name'),
    part(address, 'line1'),
    part(address, 'line2'),
    cityLine,
    part(address, 'country'),
  ].filter((line) => line !== '');
}

function Lines({ order }: { readonly order: OwnerOrder }) {
  const money = (minor: number) => formatMoney(minor, order.currency);
  return (
    <div className="table-scroll" role="region" aria-label="Items" tabIndex={0}>
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
                {line.answers.length > 0 ? (
                  <dl className="answers">
                    {line.answers.map((answer) => (
                      <div key={answer.title}>
                        <dt>{answer.title}</dt>
                        <dd>{answer.value}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </td>
              <td>{line.quantity}</td>
              <td>{money(line.unitPriceCents * line.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Totals({ order }: { readonly order: OwnerOrder }) {
  const money = (minor: number) => formatMoney(minor, order.currency);
  return (
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
      <dt>Paid</dt>
      <dd>{money(order.amountPaidCents)}</dd>
      <dt>Refunded</dt>
      <dd>{money(order.refundedCents)}</dd>
    </dl>
  );
}

function Order({ order }: { readonly order: OwnerOrder }) {
  const session = useOwner();
  const open = order.fulfillmentStatus === 'unfulfilled';
  return (
    <>
      <p>
        Placed {formatDateTime(order.created)} by {order.email}
      </p>
      <p className="order-states">
        <span>Payment: {stateLabel(order.paymentStatus)}</span>
        <span aria-hidden="true"> · </span>
        <span>Fulfilment: {stateLabel(order.fulfillmentStatus)}</span>
      </p>
      <Lines order={order} />
      <Totals order={order} />
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
        {order.fulfillment ? (
          <p>
            Shipped {formatDateTime(order.fulfillment.created)}
            {order.fulfillment.carrier ? ` with ${order.fulfillment.carrier}` : ''}
            {order.fulfillment.trackingNumber ? (
              <>
                {', tracking '}
                {order.fulfillment.trackingUrl ? (
                  <a href={order.fulfillment.trackingUrl} rel="noreferrer" target="_blank">
                    {order.fulfillment.trackingNumber}
                  </a>
                ) : (
                  order.fulfillment.trackingNumber
                )}
              </>
            ) : null}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="payment-heading">
        <h2 id="payment-heading">Payment</h2>
        <p>
          {stateLabel(order.paymentStatus)} via {order.paymentProvider}
          {order.paymentReference ? ` (reference ${order.paymentReference})` : ''}
        </p>
      </section>
      <OrderTimeline events={order.events} currency={order.currency} />
      {allows(session, 'orders:manage') ? (
        <OrderActions
          orderId={order.id}
          currency={order.currency}
          refundableCents={order.refundableCents}
          canFulfil={
            open && order.paymentStatus !== 'pending_payment' && order.paymentStatus !== 'failed'
          }
          canCancel={open}
        />
      ) : null}
    </>
  );
}

export function OrderPage() {
  const { orderId = '' } = useParams();
  const query = useOwnerOrder(orderId);
  const number = query.data?.order.number;
  return (
    <>
      <p className="back-link">
        <Link to="/orders">All orders</Link>
      </p>
      <h1>{number === undefined ? 'Order' : `Order #${String(number)}`}</h1>
      <QueryBoundary query={query} what="the order" forbiddenTo="see orders">
        {({ order }) => <Order order={order} />}
      </QueryBoundary>
    </>
  );
}
