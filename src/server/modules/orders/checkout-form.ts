/**
 * The checkout page's plain form: its fields and labels, reading what the shopper typed into
 * the order API's body (`orderRequest`) and the quote's, and placing each error of the order
 * API (keyed by the body's path, e.g. `shippingAddress.postalCode`) beside the input it is
 * about. Pure: no HTTP, no database.
 */
import { randomUUID } from 'node:crypto';
import { quoteRequest, type QuoteRequest } from '../../../shared/checkout/requests.ts';

/** The test payment provider's tokens, offered as the 'Test payment' radio group. */
export const TEST_PAYMENTS = [
  { value: 'success', label: 'Success' },
  { value: 'decline', label: 'Decline' },
  { value: 'error', label: 'Error' },
] as const;
export type TestPayment = (typeof TEST_PAYMENTS)[number]['value'];

interface TextField {
  readonly name: string;
  readonly label: string;
  readonly type: 'text' | 'email';
  readonly autocomplete: string;
  readonly required: boolean;
  /** The order body's path this input fills. */
  readonly path: string;
}

const field = (
  name: string,
  label: string,
  path: string,
  options: { type?: 'text' | 'email'; autocomplete?: string; required?: boolean } = {},
): TextField => ({
  name,
  label,
  path,
  type: options.type ?? 'text',
  autocomplete: options.autocomplete ?? 'off',
  required: options.required ?? true,
});

export const CONTACT_FIELDS: readonly TextField[] = [
  field('email', 'Email', 'email', { type: 'email', autocomplete: 'email' }),
];

/** Labels exactly as the issue names them; shown only when the cart needs shipping. */
export const ADDRESS_FIELDS: readonly TextField[] = [
  // First: the country decides what the region is (a state, a province) and the postal code's shape.
  field('country', 'Country', 'shippingAddress.country', { autocomplete: 'shipping country' }),
  field('name', 'Full name', 'shippingAddress.name', { autocomplete: 'shipping name' }),
  field('line1', 'Address line 1', 'shippingAddress.line1', {
    autocomplete: 'shipping address-line1',
  }),
  field('line2', 'Address line 2', 'shippingAddress.line2', {
    autocomplete: 'shipping address-line2',
    required: false,
  }),
  field('city', 'City', 'shippingAddress.city', { autocomplete: 'shipping address-level2' }),
  field('region', 'Region', 'shippingAddress.region', {
    autocomplete: 'shipping address-level1',
    required: false,
  }),
  field('postalCode', 'Postal code', 'shippingAddress.postalCode', {
    autocomplete: 'shipping postal-code',
  }),
];

export const CODE_FIELDS: readonly TextField[] = [
  field('couponCode', 'Coupon code', 'couponCodes', { required: false }),
  field('giftCardCode', 'Gift card code', 'giftCardCodes', { required: false }),
];

const TEXT_FIELDS = [...CONTACT_FIELDS, ...ADDRESS_FIELDS, ...CODE_FIELDS];

/**
 * Which button sent the form: 'Update totals' (and the codes' 'Apply') re-prices the summary and
 * places nothing; 'Place order' places it.
 */
export type CheckoutIntent = 'update' | 'place';

/** What the shopper typed, by input name, kept to re-render the form. */
export interface CheckoutForm {
  readonly values: Readonly<Record<string, string>>;
  readonly intent: CheckoutIntent;
  /**
   * The amount due the page showed when the shopper pressed 'Place order' (minor units); the
   * order is placed only if it still costs that. Undefined for a post that did not carry one.
   */
  readonly expectedTotal: number | undefined;
  readonly shippingOptionId: string | undefined;
  /** Undefined when the post named no offered payment (refused with PAYMENT_CHOICE_MISSING). */
  readonly payment: TestPayment | undefined;
  readonly idempotencyKey: string;
}

/** An empty form with the key this rendering of the page will place its order under. */
export function newCheckoutForm(): CheckoutForm {
  return {
    values: {},
    intent: 'place',
    expectedTotal: undefined,
    shippingOptionId: undefined,
    payment: 'success',
    idempotencyKey: newKey(),
  };
}

/**
 * The form as a link opens it: the cart page's coupon box sends `?couponCode=` so the code is
 * typed once and priced in the summary straight away.
 */
export function checkoutFormFromQuery(query: unknown): CheckoutForm {
  const form = newCheckoutForm();
  const { couponCode } = (query ?? {}) as { couponCode?: unknown };
  if (typeof couponCode !== 'string' || couponCode.trim() === '') return form;
  return { ...form, values: { couponCode: couponCode.trim().slice(0, MAX_TYPED) } };
}

export function newKey(): string {
  return `checkout-${randomUUID()}`;
}

const MAX_TYPED = 500;

export function readCheckoutForm(fields: Readonly<Record<string, string>>): CheckoutForm {
  const values: Record<string, string> = {};
  for (const { name } of TEXT_FIELDS) {
    const value = fields[name];
    if (value !== undefined) values[name] = value.slice(0, MAX_TYPED);
  }
  const expected = fields.expectedTotal?.trim() ?? '';
  return {
    values,
    intent: fields.intent === 'update' ? 'update' : 'place',
    expectedTotal: /^\d{1,15}$/.test(expected) ? Number(expected) : undefined,
    shippingOptionId: fields.shippingOptionId?.trim() || undefined,
    payment: TEST_PAYMENTS.find((option) => option.value === fields.payment)?.value,
    idempotencyKey: fields.idempotencyKey ?? '',
  };
}

/** Codes typed into one input, separated by commas or spaces. */
function codes(text: string | undefined): string[] | undefined {
  const list = (text ?? '').split(/[\s,]+/).filter(Boolean);
  return list.length > 0 ? list : undefined;
}

const typed = (form: CheckoutForm, name: string): string | undefined => {
  const value = form.values[name]?.trim();
  return value === '' ? undefined : value;
};

function addressOf(form: CheckoutForm, requiresShipping: boolean) {
  const filled = ADDRESS_FIELDS.some(({ name }) => typed(form, name) !== undefined);
  if (!requiresShipping && !filled) return undefined;
  // Required inputs go as typed (an empty one gets its 'Required'); optional ones only when filled.
  return {
    name: form.values.name ?? '',
    line1: form.values.line1 ?? '',
    ...(typed(form, 'line2') ? { line2: typed(form, 'line2') } : {}),
    city: form.values.city ?? '',
    ...(typed(form, 'region') ? { region: typed(form, 'region') } : {}),
    postalCode: form.values.postalCode ?? '',
    country: form.values.country ?? '',
  };
}

/** Shown at the 'Test payment' group when a post names none of its choices. */
export const PAYMENT_CHOICE_MISSING = 'Choose a test payment.';

/** The order API's body (not yet validated: `orderRequest` judges it, with its messages). */
export function orderBodyOf(
  form: CheckoutForm & { payment: TestPayment },
  requiresShipping: boolean,
  /** A hosted payment page's provider, instead of the form's test payment. */
  hosted?: { provider: string },
): unknown {
  const shippingAddress = addressOf(form, requiresShipping);
  const couponCodes = codes(form.values.couponCode);
  const giftCardCodes = codes(form.values.giftCardCode);
  return {
    email: form.values.email ?? '',
    ...(shippingAddress ? { shippingAddress } : {}),
    ...(form.shippingOptionId ? { shippingOptionId: form.shippingOptionId } : {}),
    ...(couponCodes ? { couponCodes } : {}),
    ...(giftCardCodes ? { giftCardCodes } : {}),
    payment: hosted ?? { provider: 'test', token: form.payment },
  };
}

/**
 * The quote for the summary beside the form: whatever of the typed values a quote accepts
 * (the destination's country and region, the option, the codes); a part it refuses is left out.
 */
export function quoteRequestOf(form: CheckoutForm): QuoteRequest {
  const country = typed(form, 'country');
  const region = typed(form, 'region');
  const candidate: Record<string, unknown> = {
    ...(country ? { shippingAddress: { country, ...(region ? { region } : {}) } } : {}),
    ...(form.shippingOptionId ? { shippingOptionId: form.shippingOptionId } : {}),
    ...(codes(form.values.couponCode) ? { couponCodes: codes(form.values.couponCode) } : {}),
    ...(codes(form.values.giftCardCode) ? { giftCardCodes: codes(form.values.giftCardCode) } : {}),
  };
  const first = quoteRequest.safeParse(candidate);
  if (first.success) return first.data;
  for (const issue of first.error.issues) delete candidate[String(issue.path[0])];
  const second = quoteRequest.safeParse(candidate);
  return second.success ? second.data : {};
}

/** Where an order error's field goes: an input's name, or `form` for the form as a whole. */
export function inputOfPath(path: string): string {
  const exact = TEXT_FIELDS.find((candidate) => candidate.path === path);
  if (exact) return exact.name;
  const head = path.split('.')[0] ?? '';
  if (head === 'couponCodes') return 'couponCode';
  if (head === 'giftCardCodes') return 'giftCardCode';
  if (head === 'shippingOptionId') return 'shippingOptionId';
  if (head === 'payment') return 'payment';
  if (head === 'email') return 'email';
  if (head === 'shippingAddress') return 'address';
  return 'form';
}

/** An order error's fields, keyed by input name (the first message per input wins). */
export function errorsByInput(fields: Readonly<Record<string, string>>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) errors[inputOfPath(path)] ??= message;
  return errors;
}
