/**
 * Keeps the checkout summary priced for what the form says (see index.ts for why and when).
 * Only the newest quote is drawn; while one is on its way 'Place order' waits, so the amount the
 * form expects is always the one on screen.
 */
import { codeRefusals } from '../../shared/checkout/code-refusals.ts';
import { minorUnitsFormatter } from '../../shared/money/minor-units-formatter.ts';
import { drawShippingOptions, drawTotals, type QuoteAnswer } from './summary.ts';

const QUOTE_PATH = '/api/vitrine/checkout/quote';
/**
 * Inputs whose change can change the price. A code counts once the shopper leaves its box (or
 * presses 'Apply'), so a code typed and never applied is still priced before 'Place order'.
 */
const PRICED_INPUTS = new Set([
  'country',
  'region',
  'shippingOptionId',
  'couponCode',
  'giftCardCode',
]);
/** The order body's code fields and the inputs they are typed into. */
const CODE_INPUTS = { couponCodes: 'couponCode', giftCardCodes: 'giftCardCode' } as const;

function value(form: HTMLFormElement, name: string): string {
  const field = form.elements.namedItem(name);
  if (field instanceof RadioNodeList) return field.value;
  return field instanceof HTMLInputElement || field instanceof HTMLSelectElement
    ? field.value.trim()
    : '';
}

const codes = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The quote request for what is typed, as the server reads the same form (checkout-form.ts). */
export function quoteBody(form: HTMLFormElement): Record<string, unknown> {
  const country = value(form, 'country').toUpperCase();
  const region = value(form, 'region');
  const option = value(form, 'shippingOptionId');
  const coupons = codes(value(form, 'couponCode'));
  const giftCards = codes(value(form, 'giftCardCode'));
  return {
    ...(country ? { shippingAddress: { country, ...(region ? { region } : {}) } } : {}),
    ...(option ? { shippingOptionId: option } : {}),
    ...(coupons.length > 0 ? { couponCodes: coupons } : {}),
    ...(giftCards.length > 0 ? { giftCardCodes: giftCards } : {}),
  };
}

/** The quote of the cart the form buys: an express or subscription cart rides in `?cartToken=`. */
function quoteUrl(form: HTMLFormElement): string {
  const action = new URL(form.action, window.location.href);
  return `${QUOTE_PATH}${action.search}`;
}

/** The region control for the country: its list of states or provinces, or a text box. */
export function swapRegion(form: HTMLFormElement, country: string): void {
  const field = form.querySelector<HTMLElement>('[data-field="region"]');
  const current = field?.querySelector<HTMLInputElement | HTMLSelectElement>('select, input');
  const label = field?.querySelector('label');
  if (!field || !current || !label) return;
  const list = form.querySelector<HTMLTemplateElement>(
    `template[data-region-list="${CSS.escape(country)}"]`,
  );
  const control = list ? document.createElement('select') : document.createElement('input');
  if (control instanceof HTMLSelectElement && list) control.append(list.content.cloneNode(true));
  else if (control instanceof HTMLInputElement) control.type = 'text';
  control.id = current.id;
  control.name = current.name;
  control.autocomplete = current.autocomplete;
  // What was typed or chosen stays when the new control can hold it ('NY' typed, then US).
  control.value = current.value.trim().toUpperCase();
  if (control instanceof HTMLSelectElement && control.selectedIndex < 0) control.value = '';
  if (control instanceof HTMLInputElement) control.value = current.value;
  current.replaceWith(control);
  label.textContent = list?.dataset.label ?? 'Region';
}

/** Each code input's refusal beside it, as the server renders one. */
function showCodeRefusals(form: HTMLFormElement, answer: QuoteAnswer): void {
  const refusals = codeRefusals({
    invalidCoupons: answer.shoppingCart.invalidCoupons,
    invalidGiftCards: answer.invalidGiftCards,
  });
  for (const [field, name] of Object.entries(CODE_INPUTS)) {
    const input = form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    const wrapper = form.querySelector<HTMLElement>(`[data-field="${name}"]`);
    if (!input || !wrapper) continue;
    wrapper.querySelector('.field-error')?.remove();
    const message = refusals[field];
    if (message === undefined) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
      continue;
    }
    const error = document.createElement('span');
    error.className = 'field-error';
    error.id = `${input.id}-error`;
    error.textContent = message;
    wrapper.append(error);
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', error.id);
  }
}

export function startCheckoutTotals(form: HTMLFormElement, summary: HTMLElement): void {
  const totals = summary.querySelector<HTMLElement>('.checkout-totals');
  const expected = form.querySelector<HTMLInputElement>('input[name="expectedTotal"]');
  const crumb = form.querySelector<HTMLInputElement>('input[name="crumb"]');
  const update = form.querySelector<HTMLButtonElement>('[data-update-totals]');
  const place = form.querySelector<HTMLButtonElement>('button[name="intent"][value="place"]');
  if (!totals || !expected || !crumb) return;
  const money = minorUnitsFormatter({
    currency: summary.dataset.currency ?? 'USD',
    locale: summary.dataset.moneyLocale ?? 'en-US',
    cldr: summary.dataset.moneyCldr !== 'false',
  });
  // The summary follows the form by itself; the button comes back if a quote fails.
  if (update) update.hidden = true;

  let newest = 0;
  let waiting = 0;
  const busy = (on: boolean) => {
    summary.setAttribute('aria-busy', String(on));
    if (place) place.disabled = on;
  };

  async function requote(): Promise<void> {
    const ticket = ++newest;
    waiting += 1;
    busy(true);
    try {
      const response = await fetch(quoteUrl(form), {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-csrf-token': crumb?.value ?? '' },
        body: JSON.stringify(quoteBody(form)),
      });
      if (!response.ok) throw new Error(`quote answered ${response.status}`);
      const answer = (await response.json()) as QuoteAnswer;
      if (ticket !== newest || !totals || !expected) return;
      drawTotals(totals, answer, money);
      // The folded summary's line on a phone shows the amount due too.
      const amount = summary.querySelector<HTMLElement>('[data-checkout-summary-amount]');
      if (amount) amount.textContent = money(answer.amountDueCents);
      const shipping = form.querySelector<HTMLElement>('[data-shipping-options]');
      if (shipping) drawShippingOptions(shipping, answer, money);
      showCodeRefusals(form, answer);
      expected.value = String(answer.amountDueCents);
    } catch {
      // The plain way still prices the summary (and 'Place order' refuses a total not shown).
      if (ticket === newest && update) update.hidden = false;
    } finally {
      waiting -= 1;
      if (waiting === 0) busy(false);
    }
  }

  form.addEventListener('change', (event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
    if (!PRICED_INPUTS.has(target.name)) return;
    if (target.name === 'country') swapRegion(form, target.value);
    void requote();
  });
  form.addEventListener('submit', (event) => {
    const submitter = event.submitter;
    // 'Apply', 'Update totals', or Enter in a text box (the form's first button is an 'Apply').
    if (submitter instanceof HTMLButtonElement && submitter.value === 'update') {
      event.preventDefault();
      void requote();
    } else if (waiting > 0) {
      event.preventDefault();
    }
  });
}
