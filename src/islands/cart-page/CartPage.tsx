/**
 * The cart page island (docs/behaviour/cart.md#the-cart-page): the server renders
 * the cart with plain forms that work without JavaScript; hydrated, the same forms change
 * quantities, remove entries and save extra-field answers through the JSON cart API without a
 * reload. Subtotals follow the server's answers, every control is disabled while a change is in
 * flight or the cart recalculates, refusals show beside their entry in the server's words, the
 * cart store (pill, counts, other tabs) learns each new cart, and one polite live region says
 * what changed. A change made in another tab reaches the page through the cart store: the page
 * then reads the cart again.
 */
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { cartStore } from '../../clients/cart-store.ts';
import type { AdditionalFields } from '../../shared/cart/additional-fields.ts';
import type { ShoppingCartAnswer } from '../../shared/cart/shopping-cart-answer.ts';
import { parseQuantity } from '../../shared/cart/quantity.ts';
import { BROWSER_MESSAGES } from '../../shared/browser-messages.ts';
import { deferredPart } from '../deferred-part.tsx';
import { subtotalText } from '../cart-count/subtotal-text.ts';
import * as api from './cart-api.ts';
import {
  cartReducer,
  controlsEnabled,
  initialModel,
  type CartModel,
  type EntryChange,
} from './cart-model.ts';
import { answersEditor, CartEntry } from './CartEntry.tsx';
import { announceCartRemoved } from './events.ts';
import type { CartLine, CartPageProps } from './props.ts';

export const EMPTY_CART_TEXT = 'Your cart is empty.';
export const CONTINUE_SHOPPING_LABEL = 'Continue shopping';
/** What checkout reads of a typed coupon field. */
const COUPON_CODE_MAX_LENGTH = 500;

export const SHIPPING_NOTE = 'Shipping and taxes are calculated at checkout.';

/**
 * The pay-later teaser's code (with its popup) comes once the page has loaded and the summary is
 * in view, or at once when the shopper reaches into the summary: until then its server HTML
 * stands, and it never competes with the page's first scripts on a slow link.
 */
const payLaterTeaser = deferredPart(
  async () => (await import('../pay-later/PayLaterTeaser.tsx')).default,
);

/** For the server, which renders every part of the island (server/render/islands.ts). */
export function preload(): Promise<unknown> {
  return Promise.all([payLaterTeaser.load(), answersEditor.load()]);
}

/** Runs `then` once the page's load event has passed. */
function afterPageLoad(then: () => void): () => void {
  if (document.readyState === 'complete') {
    then();
    return () => undefined;
  }
  window.addEventListener('load', then, { once: true });
  return () => window.removeEventListener('load', then);
}

/** Fetches the teaser's code after the page's load, once `element` is in view. */
function loadTeaserWhenSeen(element: HTMLElement): () => void {
  let observer: IntersectionObserver | undefined;
  const stopWaiting = afterPageLoad(() => {
    if (typeof IntersectionObserver === 'undefined') {
      void payLaterTeaser.load();
      return;
    }
    observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer?.disconnect();
      void payLaterTeaser.load();
    });
    observer.observe(element);
  });
  const reach = () => void payLaterTeaser.load();
  element.addEventListener('pointerdown', reach, { once: true });
  element.addEventListener('focusin', reach, { once: true });
  return () => {
    stopWaiting();
    observer?.disconnect();
    element.removeEventListener('pointerdown', reach);
    element.removeEventListener('focusin', reach);
  };
}

/** Where focus goes after an entry leaves: the next entry, else the previous, else the way on. */
function focusAfterRemoval(list: HTMLElement | null, removedIndex: number): void {
  const entries = list?.querySelectorAll<HTMLElement>('.cart-entry') ?? [];
  const target = entries[removedIndex] ?? entries[removedIndex - 1];
  const control = target?.querySelector<HTMLElement>('.cart-entry-remove button');
  (control ?? document.querySelector<HTMLElement>('.cart-continue'))?.focus();
}

function CartPageView(props: CartPageProps) {
  const [model, dispatch] = useReducer(cartReducer, props, initialModel);
  const [hydrated, setHydrated] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const pendingFocus = useRef<(() => void) | null>(null);
  useEffect(() => setHydrated(true), []);

  const enabled = controlsEnabled(model);
  // A control disabled while focused drops focus to the page: give it back once it is usable.
  useEffect(() => {
    if (!enabled) return;
    const next = pendingFocus.current;
    pendingFocus.current = null;
    if (next) next();
    else if (returnFocus.current?.isConnected && document.activeElement === document.body)
      returnFocus.current.focus();
    returnFocus.current = null;
  }, [enabled, model.lines]);

  // The totals of the last cart the server gave this page, to tell another tab's change apart.
  const known = useRef({ totalQuantity: props.totalQuantity, subtotalCents: props.subtotalCents });
  const busy = useRef(false);
  useEffect(
    () =>
      cartStore.subscribe(() => {
        const summary = cartStore.getSnapshot();
        if (!summary || busy.current) return;
        const { totalQuantity, subtotalCents } = known.current;
        if (summary.totalQuantity === totalQuantity && summary.subtotalCents === subtotalCents)
          return;
        known.current = summary;
        void syncWithServer();
      }),
    [],
  );
  // The lines on screen, for the sync above, which subscribes once. Updated as the commit lands
  // (a layout effect), so a change arriving right after a render never sees the lines before it.
  const shownLines = useRef(model.lines);
  useLayoutEffect(() => {
    shownLines.current = model.lines;
  }, [model.lines]);

  /**
   * Another tab changed the cart: the page shows the server's cart. Entries it has not seen
   * (added elsewhere) take their image, link and form from a fresh render of the page.
   */
  async function syncWithServer(): Promise<void> {
    const cart = await api.readCart();
    if (!cart) return;
    const shown = new Set(shownLines.current.map((line) => line.id));
    const unseen = cart.entries.some((entry) => !shown.has(entry.id));
    const details = unseen ? ((await api.readCartPageLines()) ?? []) : [];
    if (!busy.current) dispatch({ type: 'synced', cart, details });
  }
  /** Hands a server answer's cart to the cart store, so the pill, counts and other tabs follow. */
  function share(body: unknown, cart: { totalQuantity: number; subtotalCents: number }): void {
    known.current = { totalQuantity: cart.totalQuantity, subtotalCents: cart.subtotalCents };
    cartStore.update(body);
  }

  const money = (cents: number) => subtotalText(cents, props.currency, props.locale);

  function begin(): void {
    busy.current = true;
    returnFocus.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }

  /**
   * Sends one change of an entry with every control disabled meanwhile; the cart it answers is
   * shared with the rest of the page, or the refusal is shown beside the entry (null).
   */
  async function applyChange(
    line: CartLine,
    change: EntryChange,
    send: () => Promise<api.CartAnswer>,
  ): Promise<ShoppingCartAnswer | null> {
    begin();
    dispatch({ type: 'change-start', entryId: line.id, change });
    const answer = await send();
    busy.current = false;
    const cart = answer.ok ? await api.cartOf(answer.body) : null;
    if (!answer.ok || !cart) {
      const message = answer.ok ? BROWSER_MESSAGES.INTERNAL : answer.message;
      dispatch({ type: 'change-refused', entryId: line.id, message });
      return null;
    }
    share(answer.body, cart);
    return cart;
  }

  /** Resolves false when the change was refused: the line keeps its quantity. */
  async function changeQuantity(line: CartLine, text: string): Promise<boolean> {
    const parsed = parseQuantity(text);
    if (!parsed.ok) {
      dispatch({
        type: 'change-refused',
        entryId: line.id,
        message: BROWSER_MESSAGES[parsed.problem],
      });
      return false;
    }
    if (parsed.quantity === line.quantity) return true;
    const cart = await applyChange(line, 'quantity', () =>
      api.changeQuantity(line.id, parsed.quantity),
    );
    if (!cart) return false;
    dispatch({ type: 'quantity-changed', entryId: line.id, cart });
    return true;
  }

  async function remove(line: CartLine): Promise<void> {
    const index = model.lines.findIndex((candidate) => candidate.id === line.id);
    const cart = await applyChange(line, 'remove', () => api.removeEntry(line.id));
    if (!cart) return;
    announceCartRemoved({ itemId: line.itemId, quantity: line.quantity });
    pendingFocus.current = () => focusAfterRemoval(listRef.current, index);
    dispatch({ type: 'removed', entryId: line.id, cart });
  }

  async function saveAnswers(line: CartLine, answers: AdditionalFields): Promise<api.CartAnswer> {
    busy.current = true;
    dispatch({ type: 'recalculate-start', entryId: line.id });
    const answer = await api.saveAnswers(line.id, {
      itemId: line.itemId,
      sku: line.sku,
      additionalFields: JSON.stringify(answers),
    });
    busy.current = false;
    const cart = answer.ok ? await api.cartOf(answer.body) : null;
    const updated = answer.ok
      ? (answer.body as { updatedEntry?: { id?: unknown } } | null)?.updatedEntry?.id
      : undefined;
    if (!answer.ok || !cart) {
      dispatch({ type: 'recalculate-end', entryId: line.id, result: null });
      return answer.ok ? { ok: false, message: BROWSER_MESSAGES.INTERNAL, fields: {} } : answer;
    }
    share(answer.body, cart);
    dispatch({
      type: 'recalculate-end',
      entryId: line.id,
      result: { cart, updatedEntryId: typeof updated === 'string' ? updated : line.id },
    });
    return answer;
  }

  return (
    <>
      {model.lines.length === 0 ? (
        <EmptyCart shopUrl={props.shopUrl} />
      ) : (
        <>
          <ul className="cart-entries" ref={listRef} aria-busy={!enabled}>
            {model.lines.map((line) => (
              <CartEntry
                key={line.id}
                line={line}
                money={money}
                quantityMin={props.quantityMin}
                quantityMax={props.quantityMax}
                hydrated={hydrated}
                disabled={!enabled}
                error={model.errors[line.id]}
                onQuantity={changeQuantity}
                onRemove={(target) => void remove(target)}
                onSaveAnswers={saveAnswers}
                reopenedErrors={
                  props.reopenedAnswers?.entryId === line.id
                    ? props.reopenedAnswers.errors
                    : undefined
                }
              />
            ))}
          </ul>
          <CartSummary props={props} model={model} money={money} enabled={enabled} />
        </>
      )}
      <p className="visually-hidden cart-announcements" role="status" aria-live="polite">
        {model.announcement}
      </p>
    </>
  );
}

function EmptyCart({ shopUrl }: { shopUrl: string }) {
  return (
    <>
      <p className="cart-empty">{EMPTY_CART_TEXT}</p>
      <p>
        <a className="button cart-continue" href={shopUrl}>
          {CONTINUE_SHOPPING_LABEL}
        </a>
      </p>
    </>
  );
}

function CartSummary({
  props,
  model,
  money,
  enabled,
}: {
  props: CartPageProps;
  model: CartModel;
  money: (cents: number) => string;
  enabled: boolean;
}) {
  const teaser = props.payLaterTeaser;
  const summary = useRef<HTMLDivElement>(null);
  const showsTeaser = teaser !== null;
  useEffect(() => {
    const element = summary.current;
    if (!showsTeaser || element === null) return;
    return loadTeaserWhenSeen(element);
  }, [showsTeaser]);
  return (
    <div className="cart-summary" ref={summary}>
      <p className="cart-subtotal">
        <span>Subtotal</span> <strong>{money(model.subtotalCents)}</strong>
      </p>
      {teaser === null ? null : (
        <payLaterTeaser.Part
          {...teaser}
          totalCents={model.subtotalCents}
          cart={{ totalQuantity: model.totalQuantity, productTypes: [...model.productTypes] }}
        />
      )}
      <p className="cart-note">{SHIPPING_NOTE}</p>
      <CouponBox checkoutUrl={props.checkoutUrl} enabled={enabled} />
      <a
        className="button button-primary cart-checkout"
        href={props.checkoutUrl}
        aria-disabled={enabled ? undefined : true}
        // The cart is being priced again: checkout would start from a cart about to change.
        onClick={(event) => {
          if (!enabled) event.preventDefault();
        }}
      >
        Checkout
      </a>
    </div>
  );
}

/**
 * A coupon typed on the cart page goes to checkout, which prices it in the summary (or says why
 * it does not apply) with the code already in its field: coupons are part of the order, not the
 * cart. A plain GET form, so it works the same without scripts.
 */
function CouponBox({ checkoutUrl, enabled }: { checkoutUrl: string; enabled: boolean }) {
  const target = new URL(checkoutUrl, 'http://cart.invalid');
  return (
    <form className="cart-coupon" method="get" action={target.pathname}>
      {[...target.searchParams].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="cart-coupon-code">Coupon code</label>
      <input
        id="cart-coupon-code"
        name="couponCode"
        type="text"
        autoComplete="off"
        maxLength={COUPON_CODE_MAX_LENGTH}
        aria-describedby="cart-coupon-note"
        disabled={!enabled}
      />
      <button type="submit" disabled={!enabled}>
        Apply at checkout
      </button>
      <p className="cart-coupon-note" id="cart-coupon-note">
        The discount shows at checkout before you pay. Gift cards are entered there too.
      </p>
    </form>
  );
}

/**
 * The props are the server's, checked against `cartPageProps` as it wrote them into the page
 * (server/modules/cart/cart-island-props.ts), so the island does not fetch the schemas to parse
 * them again (docs/adr/019-island-props-checked-where-they-are-built.md). Anything that is not
 * even a cart renders nothing rather than a broken cart.
 */
export default function CartPage(raw: Record<string, unknown>) {
  return Array.isArray(raw.entries) ? (
    <CartPageView {...(raw as unknown as CartPageProps)} />
  ) : null;
}
