/**
 * A local stand-in for the Stripe API, answering what the official SDK calls for hosted
 * checkout (create, retrieve and expire Checkout Sessions; create refunds), plus the page a
 * shopper pays on and signed webhook deliveries (sent to `webhookUrl`, or built for inject()).
 * Signatures are made with the SDK's own test helper, so the app's check is the real one.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_WEBHOOK_SECRET = 'whsec_fake_secret_for_tests';
export const FAKE_SECRET_KEY = 'sk_test_fake';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  data: { object: FakeSession };
}

export interface FakeStripe {
  readonly url: string;
  readonly sessions: Map<string, FakeSession>;
  readonly refunds: {
    id: string;
    payment_intent: string;
    amount: number;
    idempotencyKey: string;
  }[];
  /** Every event made (complete, expire, the pay page), oldest first. */
  readonly events: FakeEvent[];
  /** Where the pay page delivers `checkout.session.completed` (a listening app's webhook URL). */
  webhookUrl: string | undefined;
  /** When true, every refund is answered as a card error (the refund failed path). */
  failRefunds: boolean;
  /** Marks the session paid and returns the event Stripe would send. */
  complete(sessionId: string): FakeEvent;
  /** Expires an open session and returns the event. */
  expire(sessionId: string): FakeEvent;
  /** The body and headers of a delivery of `event`, signed with `secret` (default the right one). */
  signed(event: FakeEvent, secret?: string): { payload: string; headers: Record<string, string> };
  /** POSTs a signed delivery to webhookUrl; answers its status. */
  deliver(event: FakeEvent): Promise<number>;
  close(): Promise<void>;
}

const signer = new Stripe(FAKE_SECRET_KEY);
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const sessionsByKey = new Map<string, string>();
  const refunds: FakeStripe['refunds'] = [];
  let base = '';

  const events: FakeEvent[] = [];
  const event = (type: string, session: FakeSession): FakeEvent => {
    const made: FakeEvent = {
      id: id('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      api_version: '2025-01-01',
      data: { object: { ...session } },
    };
    events.push(made);
    return made;
  };

  const fake: FakeStripe = {
    get url() {
      return base;
    },
    sessions,
    refunds,
    events,
    webhookUrl: undefined,
    failRefunds: false,
    complete(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent ??= id('pi');
      return event('checkout.session.completed', session);
    },
    expire(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'expired';
      return event('checkout.session.expired', session);
    },
    signed(delivery, secret = FAKE_WEBHOOK_SECRET) {
      const payload = JSON.stringify(delivery);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
      return {
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      };
    },
    async deliver(delivery) {
      if (!fake.webhookUrl) throw new Error('no webhookUrl to deliver to');
      const { payload, headers } = fake.signed(delivery);
      const response = await fetch(fake.webhookUrl, { method: 'POST', headers, body: payload });
      return response.status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      json(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base);
    const path = url.pathname;
    const method = request.method ?? 'GET';
    const key = request.headers['idempotency-key'];

    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const form = await readForm(request);
      const earlier = typeof key === 'string' ? sessionsByKey.get(key) : undefined;
      if (earlier) return json(response, 200, sessions.get(earlier));
      const sessionId = id('cs_test');
      const session: FakeSession = {
        id: sessionId,
        object: 'checkout.session',
        url: `${base}/pay/${sessionId}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        customer_email: form.get('customer_email'),
        client_reference_id: form.get('client_reference_id'),
        metadata: {
          orderId: form.get('metadata[orderId]') ?? '',
          siteId: form.get('metadata[siteId]') ?? '',
        },
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        payment_intent: null,
      };
      sessions.set(sessionId, session);
      if (typeof key === 'string') sessionsByKey.set(key, sessionId);
      return json(response, 200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(path);
    if (sessionMatch) {
      const session = sessions.get(sessionMatch[1] ?? '');
      if (!session)
        return json(response, 404, {
          error: { type: 'invalid_request_error', message: 'No such session' },
        });
      if (sessionMatch[2] && method === 'POST') {
        if (session.status === 'open') session.status = 'expired';
      }
      return json(response, 200, session);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const form = await readForm(request);
      if (fake.failRefunds)
        return json(response, 402, {
          error: {
            type: 'card_error',
            code: 'charge_disputed',
            message: 'The charge is disputed.',
          },
        });
      const paymentIntent = form.get('payment_intent') ?? '';
      const amount = Number(form.get('amount'));
      const paid = [...sessions.values()].find((s) => s.payment_intent === paymentIntent);
      const already = refunds
        .filter((r) => r.payment_intent === paymentIntent)
        .reduce((sum, r) => sum + r.amount, 0);
      const earlier = refunds.find((r) => r.idempotencyKey === key);
      if (earlier)
        return json(response, 200, { id: earlier.id, object: 'refund', status: 'succeeded' });
      if (!paid || already + amount > paid.amount_total)
        return json(response, 400, {
          error: { type: 'invalid_request_error', message: 'Refund exceeds the charge' },
        });
      const refund = {
        id: id('re'),
        payment_intent: paymentIntent,
        amount,
        idempotencyKey: String(key),
      };
      refunds.push(refund);
      return json(response, 200, { id: refund.id, object: 'refund', status: 'succeeded', amount });
    }
    const payMatch = /^\/pay\/([\w]+)$/.exec(path);
    if (payMatch) {
      const session = sessions.get(payMatch[1] ?? '');
      if (!session) return json(response, 404, { error: { message: 'No such session' } });
      if (method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          `<!doctype html><html lang="en"><head><title>Fake Stripe Checkout</title></head><body><main>` +
            `<h1>Pay ${session.amount_total} ${session.currency.toUpperCase()}</h1>` +
            `<form method="post"><button type="submit">Pay</button></form></main></body></html>`,
        );
        return;
      }
      const completed = fake.complete(session.id);
      if (fake.webhookUrl) await fake.deliver(completed);
      response.writeHead(303, { location: session.success_url });
      response.end();
      return;
    }
    json(response, 404, { error: { type: 'invalid_request_error', message: `No route ${path}` } });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
