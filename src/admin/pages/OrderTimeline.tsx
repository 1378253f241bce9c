/** The order's timeline, oldest first: what happened, when, and which owner did it. */
import type { OrderEvent } from '../api/orders.ts';
import { formatDateTime, formatMoney } from '../format.ts';
import { eventLabel } from '../format-order.ts';

function detail(event: OrderEvent, currency: string): string {
  const data = event.data;
  const parts: string[] = [];
  // The server records money in minor units (docs/owner-api.md): what was paid or refunded,
  // what a cancellation gave back, and how many units went back on the shelf.
  if (typeof data.amountCents === 'number') parts.push(formatMoney(data.amountCents, currency));
  if (typeof data.refundedCents === 'number' && data.refundedCents > 0)
    parts.push(`${formatMoney(data.refundedCents, currency)} refunded`);
  if (typeof data.units === 'number') parts.push(`${String(data.units)} back in stock`);
  if (typeof data.carrier === 'string') parts.push(data.carrier);
  if (typeof data.trackingNumber === 'string') parts.push(`tracking ${data.trackingNumber}`);
  if (typeof data.kind === 'string') parts.push(data.kind);
  if (typeof data.reason === 'string') parts.push(`“${data.reason}”`);
  return parts.join(' · ');
}

export function OrderTimeline({
  events,
  currency,
}: {
  readonly events: readonly OrderEvent[];
  readonly currency: string;
}) {
  return (
    <section aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Timeline</h2>
      {events.length === 0 ? (
        <p>Nothing has happened to this order yet.</p>
      ) : (
        <ol className="timeline">
          {events.map((event, index) => {
            const more = detail(event, currency);
            return (
              <li key={`${String(event.created)}-${String(index)}`}>
                <time dateTime={new Date(event.created).toISOString()}>
                  {formatDateTime(event.created)}
                </time>{' '}
                <strong>{eventLabel(event.type)}</strong>
                {more ? ` — ${more}` : ''}
                {event.owner ? ` (by ${event.owner.email ?? 'a removed owner'})` : ''}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
