/**
 * Placing an order (POST /api/commerce/orders), in this order:
 *  1. the cart of the cookie, the request's hash, an earlier order under the same key
 *     (replayed: answered with it; a different request: refused);
 *  2. the quote, with every problem answered as a field error before any money moves;
 *  3. a stock pre-check (most sold-out shoppers are told without a charge being made);
 *  4. the charge of what gift cards do not cover (declined or failed: nothing is written);
 *  5. the transaction (write-order.ts); when it does not commit, the charge is refunded;
 *  6. after the commit, the stock it took announced to the caches (stock-changes.ts), the
 *     confirmation email into the outbox (never failing the order), and the gift card email of
 *     each recipient named on the gift card page.
 * A subscription cart's order also starts its subscription in the same transaction; renewal
 * orders (src/server/modules/subscriptions) pass their own step and email.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../shared/errors.ts';
import { codeRefusals } from '../../../shared/checkout/code-refusals.ts';

export { codeRefusals };
import { PRODUCT_TYPES } from '../../../shared/catalog/product-types.ts';
import type { CheckoutQuote } from '../../../shared/checkout/quote.ts';
import type { OrderRequest } from '../../../shared/checkout/requests.ts';
import { inArray } from 'drizzle-orm';
import { schema, type Database } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import {
  findCartByToken,
  loadCheckoutLines,
  loadCheckoutSettings,
  type CheckoutLine,
} from '../checkout/index.ts';
import { quoteLines } from '../checkout/index.ts';
import { findGiftCards } from '../giftcards/index.ts';
import type { Mailer, MailMessage } from '../mail/index.ts';
import type { PaymentProviders } from '../payments/index.ts';
import { orderConfirmationEmail } from './confirmation-email.ts';
import { giftCardEmails } from './gift-card-email.ts';
import { findOrderByKey, requestHash } from './idempotency.ts';
import { recordOrderEvent } from './order-events.ts';
import { loadOrderView, type OrderView } from './order-view.ts';
import { startSubscriptionStep } from './start-subscription.ts';
import type { StockChanged } from './stock-changes.ts';
import {
  CartAlreadyPurchased,
  linesSignature,
  unitsByVariant,
  writeOrder,
  type AfterOrderWrite,
  type OrderWriteResult,
} from './write-order.ts';

export interface PlaceOrderDeps {
  readonly database: Database;
  readonly payments: PaymentProviders;
  readonly mailer: Mailer;
  readonly now: () => Date;
  readonly log: {
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  /** After an order that took counted stock commits: product pages show stock. */
  readonly stockChanged: StockChanged;
}

export interface PlaceOrderInput {
  readonly site: CurrentSite;
  readonly cartToken: string | undefined;
  readonly idempotencyKey: string;
  readonly body: OrderRequest;
  /** The logged-in site user placing it, if any (a subscription is theirs). */
  readonly siteUserId?: string | null;
  /**
   * The amount due the shopper was shown (minor units): when the quote now says otherwise the
   * order is refused with TOTAL_CHANGED before any money moves.
   */
  readonly expectedAmountDueCents?: number;
  /** Instead of the subscription cart's default step (starting its subscription). */
  readonly afterWrite?: AfterOrderWrite;
  /** Where a hosted payment page sends the shopper back (the order's confirmation page). */
  readonly returnUrl?: (orderId: string) => string;
  /** Instead of the order confirmation email. */
  readonly confirmationEmail?: (order: OrderView, site: CurrentSite) => MailMessage;
}

export interface PlacedOrder {
  /** 201 for a new order, 200 for the answer to a replayed request. */
  readonly status: 200 | 201;
  readonly order: OrderView;
}

export const ADDRESS_REQUIRED = 'A shipping address is required for physical goods.';

const PURCHASABLE: ReadonlySet<number> = new Set([
  PRODUCT_TYPES.PHYSICAL,
  PRODUCT_TYPES.DIGITAL,
  PRODUCT_TYPES.SERVICE,
  PRODUCT_TYPES.GIFT_CARD,
]);

export async function placeOrder(
  deps: PlaceOrderDeps,
  input: PlaceOrderInput,
): Promise<PlacedOrder> {
  const { db } = deps.database;
  const { site, body, idempotencyKey } = input;
  const cart =
    input.cartToken === undefined ? undefined : await findCartByToken(db, site.id, input.cartToken);
  if (!cart) {
    // A replay may come after the cart cookie was cleared by the first answer: the key decides.
    const earlier = await findOrderByKey(db, site.id, idempotencyKey);
    const replay =
      earlier &&
      (await answerReplay(deps, site.id, idempotencyKey, requestHash(earlier.cartId, body)));
    if (replay) return replay;
    throw new AppError('CART_EMPTY');
  }
  const hash = requestHash(cart.id, body);

  const replay = await answerReplay(deps, site.id, idempotencyKey, hash);
  if (replay) return replay;
  if (cart.isPurchased) throw new AppError('ORDER_ALREADY_PLACED');

  const provider = deps.payments.get(body.payment.provider);
  if (!provider) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');

  const lines = await loadCheckoutLines(db, cart.id);
  if (lines.length === 0) throw new AppError('CART_EMPTY');
  if (lines.some((line) => !PURCHASABLE.has(line.productType)))
    throw new AppError('ITEM_NOT_PURCHASABLE');
  const settings = await loadCheckoutSettings(db, site.id);
  const giftCards = await findGiftCards(db, site.id, body.giftCardCodes ?? []);
  const now = deps.now();
  const quote = quoteLines(
    { currency: cart.currency, lines, settings, request: body, giftCards },
    now,
  );
  const fields = orderProblems(quote, body);
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { fields });
  if (
    input.expectedAmountDueCents !== undefined &&
    input.expectedAmountDueCents !== quote.amountDueCents
  )
    throw new AppError('TOTAL_CHANGED');
  if (!(await stockSuffices(deps.database, lines))) throw new AppError('INSUFFICIENT_STOCK');

  const orderId = randomUUID();
  let reference: string | null = null;
  let session: { id: string; url: string } | null = null;
  // Renewals charge a stored token; a hosted page leaves none, so subscriptions need the other kind.
  if (provider.hosted && cart.kind === 'subscription')
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  if (quote.amountDueCents > 0 && provider.hosted) {
    // The provider's page takes the money: the order waits for its webhook (pending_payment).
    if (!input.returnUrl) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    const created = await provider.hosted.createSession({
      orderId,
      siteId: site.id,
      amountCents: quote.amountDueCents,
      currency: cart.currency,
      description: `${site.title} order`,
      email: body.email,
      returnUrl: input.returnUrl(orderId),
      idempotencyKey: `checkout:${orderId}`,
    });
    if (created.status === 'failed') {
      deps.log.warn({ provider: provider.id, reason: created.reason }, 'payment session failed');
      throw new AppError('PAYMENT_FAILED');
    }
    session = { id: created.sessionId, url: created.url };
  } else if (quote.amountDueCents > 0) {
    const charge = await provider.charge({
      amountCents: quote.amountDueCents,
      currency: cart.currency,
      token: body.payment.token ?? '',
      idempotencyKey,
      description: `${site.title} order for cart ${cart.id}`,
    });
    if (charge.status === 'declined') throw new AppError('PAYMENT_DECLINED');
    if (charge.status === 'failed') {
      deps.log.warn({ provider: provider.id, reason: charge.reason }, 'payment provider failed');
      throw new AppError('PAYMENT_FAILED');
    }
    reference = charge.reference;
  }

  const afterWrite =
    input.afterWrite ??
    (cart.kind === 'subscription'
      ? startSubscriptionStep({
          siteId: site.id,
          cartId: cart.id,
          currency: cart.currency,
          body,
          siteUserId: input.siteUserId ?? null,
          now,
        })
      : undefined);
  let written: OrderWriteResult;
  try {
    written = await deps.database.withTransaction((tx) =>
      writeOrder(tx, {
        orderId,
        siteId: site.id,
        cartId: cart.id,
        currency: cart.currency,
        body,
        idempotencyKey,
        requestHash: hash,
        settings,
        quoted: quote,
        linesSignature: linesSignature(lines),
        payment: {
          provider: provider.id,
          reference,
          status: session ? 'pending_payment' : 'paid',
          session,
        },
        siteUserId: input.siteUserId ?? null,
        now,
        ...(afterWrite ? { afterWrite } : {}),
      }),
    );
  } catch (error) {
    if (session) await expireSession(deps, provider.id, session.id);
    if (reference !== null)
      await refund(deps, provider.id, {
        reference,
        amountCents: quote.amountDueCents,
        idempotencyKey,
      });
    // Lost a race with a request for the same cart or the same key: answer as its replay would.
    if (error instanceof CartAlreadyPurchased || isUniqueViolation(error)) {
      const raced = await answerReplay(deps, site.id, idempotencyKey, hash);
      if (raced) return raced;
      throw new AppError('ORDER_ALREADY_PLACED');
    }
    throw error;
  }
  // One announcement per order, after its commit; a replay above took nothing and says nothing.
  if (written.countedStockTaken) deps.stockChanged(site.id);

  const order = await loadOrderView(db, orderId);
  // Just committed in this request; only a concurrent deletion could remove it.
  if (!order) throw new Error(`order ${orderId} vanished after commit`);
  // A hosted payment's emails wait for the provider's confirmation (the webhook).
  if (!session) await sendOrderEmails(deps, order, site, input.confirmationEmail);
  return { status: 201, order };
}

/**
 * After the order is paid: its confirmation (recorded on the timeline) and the gift card email
 * of each recipient named on the gift card page, all through the outbox; never failing the order.
 */
export async function sendOrderEmails(
  deps: Pick<PlaceOrderDeps, 'database' | 'mailer' | 'log'>,
  order: OrderView,
  site: CurrentSite,
  confirmationEmail: PlaceOrderInput['confirmationEmail'] = orderConfirmationEmail,
): Promise<void> {
  const orderId = order.id;
  const email = confirmationEmail(order, site);
  const mail = await deps.mailer.deliverLater(email);
  if (mail.status === 'not-written')
    deps.log.error({ orderId, error: mail.error }, 'order confirmation not written');
  if (mail.status === 'queued')
    await recordOrderEvent(deps.database.db, {
      orderId,
      type: 'email_sent',
      data: { kind: email.kind, to: email.to },
    });
  for (const gift of giftCardEmails(order, site)) {
    const sent = await deps.mailer.deliverLater(gift);
    if (sent.status === 'not-written')
      deps.log.error({ orderId, error: sent.error }, 'gift card email not written');
    if (sent.status === 'queued')
      await recordOrderEvent(deps.database.db, {
        orderId,
        type: 'email_sent',
        data: { kind: gift.kind, to: gift.to },
      });
  }
}

async function expireSession(deps: PlaceOrderDeps, providerId: string, sessionId: string) {
  try {
    await deps.payments.get(providerId)?.hosted?.expireSession(sessionId);
  } catch (error) {
    deps.log.error({ err: error, providerId, sessionId }, 'payment session not expired');
  }
}

async function answerReplay(
  deps: PlaceOrderDeps,
  siteId: string,
  idempotencyKey: string,
  hash: string,
): Promise<PlacedOrder | undefined> {
  const earlier = await findOrderByKey(deps.database.db, siteId, idempotencyKey);
  if (!earlier) return undefined;
  if (earlier.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  const order = await loadOrderView(deps.database.db, earlier.id);
  if (!order) throw new Error(`order ${earlier.id} vanished`);
  return { status: 200, order };
}

/** Every reason the quote cannot be bought as asked, keyed by request field. */
export function orderProblems(quote: CheckoutQuote, body: OrderRequest): Record<string, string> {
  const fields: Record<string, string> = { ...quote.problems, ...codeRefusals(quote) };
  if (quote.requiresShipping && !body.shippingAddress) fields.shippingAddress = ADDRESS_REQUIRED;
  return fields;
}

/** A read, not a reservation: the transaction's conditional UPDATE is what decides. */
async function stockSuffices(database: Database, lines: readonly CheckoutLine[]): Promise<boolean> {
  const wanted = unitsByVariant(lines);
  const rows = await database.db
    .select({
      id: schema.variants.id,
      unlimited: schema.variants.unlimited,
      qty: schema.variants.qtyInStock,
    })
    .from(schema.variants)
    .where(
      inArray(
        schema.variants.id,
        wanted.map(([id]) => id),
      ),
    );
  const stock = new Map(rows.map((row) => [row.id, row]));
  return wanted.every(([id, units]) => {
    const row = stock.get(id);
    return row !== undefined && (row.unlimited || row.qty >= units);
  });
}

async function refund(
  deps: PlaceOrderDeps,
  providerId: string,
  charge: { reference: string; amountCents: number; idempotencyKey: string },
): Promise<void> {
  const { reference } = charge;
  try {
    const result = await deps.payments.get(providerId)?.refund({
      reference,
      amountCents: charge.amountCents,
      idempotencyKey: `checkout-undo:${charge.idempotencyKey}`,
    });
    if (result?.status === 'failed') throw new Error(result.reason);
  } catch (error) {
    // The shopper was charged for nothing: this needs a person, so it is logged as an error.
    deps.log.error(
      { err: error, providerId, reference },
      'refund after a failed checkout did not succeed',
    );
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && current.code === '23505') return true;
  }
  return false;
}
