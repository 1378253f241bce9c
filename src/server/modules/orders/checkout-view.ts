/**
 * The checkout page's data: the cart named by the request (cookie or `?cartToken=`) priced by
 * the same quote the order uses (shipping options for the typed destination, taxes, coupons,
 * gift cards), plus the form with what the shopper typed and each error beside its input, and
 * the address autocomplete island's props on Address line 1 when places are configured.
 */
import { subscriptionWordingOptions } from '../../../shared/site-context/settings.ts';
import type { AddressAutocompleteProps } from '../../../islands/address-autocomplete/props.ts';
import { toMoney } from '../../../shared/money/to-money.ts';
import {
  readSubscriptionPlan,
  subscriptionWording,
} from '../../../shared/subscriptions/wording.ts';
import type { AppDb } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import {
  findCartByToken,
  loadCheckoutLines,
  loadCheckoutSettings,
  type CheckoutCartRow,
  type CheckoutLine,
} from '../checkout/index.ts';
import { cartWithQuote, quoteLines } from '../checkout/index.ts';
import { findGiftCards } from '../giftcards/index.ts';
import type { QuoteRequest } from '../../../shared/checkout/requests.ts';
import type { CheckoutQuote } from '../../../shared/checkout/quote.ts';
import type { CheckoutSettings } from '../../../shared/checkout/settings.ts';
import {
  countryChoices,
  shippingCountries,
  subdivisionsOf,
  COUNTRIES_WITH_SUBDIVISIONS,
  type Choice,
} from '../../../shared/checkout/countries.ts';
import { cartView, productTypesOf, type CartView } from '../cart/index.ts';
import {
  ADDRESS_FIELDS,
  CODE_FIELDS,
  CONTACT_FIELDS,
  TEST_PAYMENTS,
  type CheckoutForm,
} from './checkout-form.ts';
import { loadEntryDetails, type EntryDetails } from '../cart/index.ts';
import { checkoutPath } from '../cart/index.ts';

export interface LoadedCheckout {
  /** The store's checkout settings: which countries its shipping reaches. */
  readonly settings: CheckoutSettings;
  /** The open cart, or undefined (no cart, a bought cart). */
  readonly cart: CheckoutCartRow | undefined;
  readonly lines: readonly CheckoutLine[];
  readonly quote: CheckoutQuote;
  readonly view: CartView;
  readonly currency: string;
  /** 'every month for 1 year' for a subscription cart; null otherwise. */
  readonly subscriptionWording: string | null;
}

/** Reads and prices the checkout's cart; writes nothing. */
export async function loadCheckout(
  db: AppDb,
  site: CurrentSite,
  cartToken: string | undefined,
  request: QuoteRequest,
  now: Date,
): Promise<LoadedCheckout> {
  const found = cartToken === undefined ? undefined : await findCartByToken(db, site.id, cartToken);
  const cart = found && !found.isPurchased ? found : undefined;
  const lines = cart ? await loadCheckoutLines(db, cart.id) : [];
  const [settings, giftCards, details] = await Promise.all([
    loadCheckoutSettings(db, site.id),
    findGiftCards(db, site.id, request.giftCardCodes ?? []),
    cart ? loadEntryDetails(db, cart.id) : new Map<string, EntryDetails>(),
  ]);
  const currency = cart?.currency ?? site.currency;
  const quote = quoteLines({ currency, lines, settings, request, giftCards }, now);
  const shoppingCart = cartWithQuote(
    cart ? { cart, lines } : { websiteId: site.id, currency },
    quote,
  );
  const plan =
    cart?.kind === 'subscription'
      ? readSubscriptionPlan([...details.values()][0]?.subscriptionPlan)
      : null;
  return {
    settings,
    cart,
    lines,
    quote,
    view: cartView(shoppingCart, currency, details, productTypesOf(shoppingCart)),
    currency,
    subscriptionWording: plan
      ? subscriptionWording(plan, subscriptionWordingOptions(site.settings))
      : null,
  };
}

/** The order summary: every total of the quote as Money. */
export function summaryOf(quote: CheckoutQuote, currency: string) {
  const money = (cents: number) => toMoney(cents, currency);
  return {
    subtotalMoney: money(quote.subtotalCents),
    discountCents: quote.discountCents,
    discountMoney: money(quote.discountCents),
    validCoupons: quote.validCoupons.map((coupon) => coupon.code),
    shippingCostMoney: money(quote.shippingCostCents),
    selectedShippingName: quote.selectedShippingOption?.name ?? null,
    taxes: quote.applicableTaxRules.map((rule) => ({
      name: rule.name,
      taxMoney: money(rule.taxCents),
    })),
    taxMoney: money(quote.taxCents),
    grandTotalMoney: money(quote.grandTotalCents),
    giftCardCents: quote.giftCardCents,
    giftCardMoney: money(quote.giftCardCents),
    amountDueMoney: money(quote.amountDueCents),
  };
}

function inputs(
  fields: typeof CONTACT_FIELDS,
  form: CheckoutForm,
  errors: Readonly<Record<string, string>>,
) {
  return fields.map((input) => ({
    name: input.name,
    id: `checkout-${input.name}`,
    label: input.label,
    type: input.type,
    autocomplete: input.autocomplete,
    required: input.required,
    value: form.values[input.name] ?? '',
    error: errors[input.name] ?? null,
  }));
}

/** A select's options, the typed value selected; a value not offered is kept as typed. */
function options(choices: readonly Choice[], value: string, prompt: string) {
  const typed = value.trim().toUpperCase();
  const known = choices.some((choice) => choice.value === typed);
  return [
    { value: '', label: prompt, selected: typed === '' },
    ...(known || typed === '' ? [] : [{ value: typed, label: typed, selected: true }]),
    ...choices.map((choice) => ({ ...choice, selected: choice.value === typed })),
  ];
}

/**
 * Country is a select of the countries the store ships to, named in the site's language; the
 * region is a select of states or provinces for a country that has a list (the label follows:
 * 'State', 'Province'), and text elsewhere. Each list also travels in the page as a template,
 * so the checkout script can swap the region control when the country changes.
 */
function addressControls(settings: CheckoutSettings, form: CheckoutForm, language: string) {
  const country = (form.values.country ?? '').trim().toUpperCase();
  const subdivisions = subdivisionsOf(country);
  return {
    country: options(
      countryChoices(shippingCountries(settings), language),
      country,
      'Select a country',
    ),
    region: subdivisions
      ? {
          label: subdivisions.label,
          choices: options(
            subdivisions.choices,
            form.values.region ?? '',
            `Select a ${subdivisions.label.toLowerCase()}`,
          ),
        }
      : { label: 'Region', choices: null },
    regionLists: COUNTRIES_WITH_SUBDIVISIONS.map((code) => {
      const list = subdivisionsOf(code);
      return {
        country: code,
        label: list?.label ?? 'Region',
        choices: options(list?.choices ?? [], '', `Select a ${(list?.label ?? '').toLowerCase()}`),
      };
    }),
  };
}

export interface CheckoutPageState {
  readonly cartToken: string | undefined;
  readonly form: CheckoutForm;
  /** Errors by input name; `form` and `address` are about the form or the address as a whole. */
  readonly errors: Readonly<Record<string, string>>;
  /** The refusal's message, shown above the form. */
  readonly message: string | null;
  /** A places provider is configured: Address line 1 carries the address autocomplete island. */
  readonly addressAutocomplete?: boolean;
  /** The site's language, for country names. */
  readonly language: string;
}

/**
 * The address autocomplete island's props: the ids of the inputs `inputs()` renders for the
 * address fields it enhances (Address line 1) and fills.
 */
export function addressAutocompleteProps(): AddressAutocompleteProps {
  const id = (name: string) => `checkout-${name}`;
  return {
    inputId: id('line1'),
    listboxId: id('line1-suggestions'),
    fieldIds: {
      city: id('city'),
      region: id('region'),
      postalCode: id('postalCode'),
      country: id('country'),
    },
  };
}

export function checkoutContext(loaded: LoadedCheckout, state: CheckoutPageState) {
  const { quote, currency, view } = loaded;
  const { form, errors } = state;
  const controls = addressControls(loaded.settings, form, state.language);
  // What the shopper chose while the address still allows it, else the quote's (the cheapest).
  const offered = quote.shippingOptions.some((option) => option.id === form.shippingOptionId);
  const chosen = offered
    ? form.shippingOptionId
    : (quote.selectedShippingOption ?? quote.shippingOptions[0])?.id;
  return {
    ...view,
    subscriptionWording: loaded.subscriptionWording,
    requiresShipping: quote.requiresShipping,
    action: checkoutPath(state.cartToken),
    idempotencyKey: form.idempotencyKey,
    message: state.message,
    formError: errors.form ?? null,
    addressError: errors.address ?? null,
    contactFields: inputs(CONTACT_FIELDS, form, errors),
    addressFields: inputs(ADDRESS_FIELDS, form, errors).map((input) => ({
      ...input,
      ...(input.name === 'region' ? { label: controls.region.label } : {}),
      choices:
        input.name === 'country'
          ? controls.country
          : input.name === 'region'
            ? controls.region.choices
            : null,
      addressAutocomplete:
        state.addressAutocomplete === true && input.name === 'line1'
          ? addressAutocompleteProps()
          : null,
    })),
    regionLists: controls.regionLists,
    currency,
    // What the summary shows as due: a post placing the order must still match it.
    expectedTotal: String(quote.amountDueCents),
    codeFields: inputs(CODE_FIELDS, form, errors),
    shippingOptions: quote.shippingOptions.map((option) => ({
      id: option.id,
      inputId: `checkout-shipping-${option.id}`,
      name: option.name,
      costMoney: toMoney(option.costCents, currency),
      checked: option.id === chosen,
    })),
    shippingOptionError: errors.shippingOptionId ?? null,
    payments: TEST_PAYMENTS.map((option) => ({
      value: option.value,
      label: option.label,
      inputId: `checkout-payment-${option.value}`,
      checked: option.value === (form.payment ?? 'success'),
    })),
    paymentError: errors.payment ?? null,
    summary: summaryOf(quote, currency),
  };
}
