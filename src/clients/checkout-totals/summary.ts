/**
 * The checkout summary and shipping options drawn from the quote API's answer, with the same
 * labels and order as the server-rendered page (themes/default/checkout.jsont), so a re-priced
 * summary reads exactly like a freshly loaded one.
 */
export interface QuoteAnswer {
  readonly shoppingCart: {
    readonly subtotalCents: number;
    readonly discountCents: number;
    readonly shippingCostCents: number;
    readonly grandTotalCents: number;
    readonly requiresShipping: boolean;
    readonly shippingOptions: readonly { id: string; name: string; costCents: number }[];
    readonly selectedShippingOption: { id: string; name: string } | null;
    readonly applicableTaxRules: readonly { name: string; taxCents: number }[];
    readonly validCoupons: readonly { code: string }[];
    readonly invalidCoupons: readonly { code: string; message: string }[];
  };
  readonly invalidGiftCards: readonly { code: string; message: string }[];
  readonly giftCardCents: number;
  readonly amountDueCents: number;
}

function row(label: string, value: string, className?: string): HTMLDivElement {
  const div = document.createElement('div');
  if (className) div.className = className;
  const dt = document.createElement('dt');
  dt.textContent = label;
  const dd = document.createElement('dd');
  dd.textContent = value;
  div.append(dt, dd);
  return div;
}

/** Replaces the rows of the summary's `<dl>` with the answer's totals. */
export function drawTotals(list: HTMLElement, answer: QuoteAnswer, money: (c: number) => string) {
  const cart = answer.shoppingCart;
  const rows = [row('Subtotal', money(cart.subtotalCents))];
  if (cart.discountCents > 0) {
    const codes = cart.validCoupons.map((coupon) => coupon.code).join(', ');
    rows.push(row(`Discount${codes ? ` (${codes})` : ''}`, `−${money(cart.discountCents)}`));
  }
  if (cart.requiresShipping) {
    const name = cart.selectedShippingOption?.name;
    rows.push(row(`Shipping${name ? `: ${name}` : ''}`, money(cart.shippingCostCents)));
  }
  for (const rule of cart.applicableTaxRules) rows.push(row(rule.name, money(rule.taxCents)));
  rows.push(row('Total', money(cart.grandTotalCents), 'checkout-total'));
  if (answer.giftCardCents > 0) {
    rows.push(row('Gift cards', `−${money(answer.giftCardCents)}`));
    rows.push(row('Amount due', money(answer.amountDueCents), 'checkout-due'));
  }
  list.replaceChildren(...rows);
}

/**
 * Redraws the shipping option radios when the destination changed what is offered, keeping the
 * quote's choice checked; leaves them alone (and focus with them) when the set is the same.
 */
export function drawShippingOptions(
  fieldset: HTMLElement,
  answer: QuoteAnswer,
  money: (c: number) => string,
): void {
  const offered = answer.shoppingCart.shippingOptions;
  const chosen = answer.shoppingCart.selectedShippingOption?.id ?? offered[0]?.id;
  const radios = [...fieldset.querySelectorAll<HTMLInputElement>('input[name="shippingOptionId"]')];
  const same =
    radios.length === offered.length &&
    radios.every((radio, index) => radio.value === offered[index]?.id);
  if (same) {
    for (const radio of radios) radio.checked = radio.value === chosen;
    return;
  }
  for (const old of fieldset.querySelectorAll('p.field-radio')) old.remove();
  for (const option of offered) {
    const p = document.createElement('p');
    p.className = 'field field-radio';
    const input = document.createElement('input');
    input.type = 'radio';
    input.id = `checkout-shipping-${option.id}`;
    input.name = 'shippingOptionId';
    input.value = option.id;
    input.checked = option.id === chosen;
    const label = document.createElement('label');
    label.htmlFor = input.id;
    label.textContent = `${option.name} — ${money(option.costCents)}`;
    p.append(input, label);
    fieldset.append(p);
  }
}
