/** How the dashboard names order states and timeline events. */

const STATE_LABELS: Readonly<Record<string, string>> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  failed: 'Payment failed',
  unfulfilled: 'Unfulfilled',
  fulfilled: 'Fulfilled',
  cancelled: 'Cancelled',
};

export function stateLabel(state: string): string {
  return STATE_LABELS[state] ?? state;
}

const EVENT_LABELS: Readonly<Record<string, string>> = {
  created: 'Order placed',
  paid: 'Payment received',
  payment_failed: 'Payment failed',
  fulfilled: 'Fulfilled',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  restocked: 'Items returned to stock',
  email_sent: 'Email sent',
};

export function eventLabel(type: string): string {
  return EVENT_LABELS[type] ?? type;
}

/** An extra-field answer as text: lists joined, objects as "key: value" pairs. */
export function answerText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(answerText).join(', ');
  if (value && typeof value === 'object')
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${answerText(inner)}`)
      .join(', ');
  return '';
}
