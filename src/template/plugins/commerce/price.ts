// product-price and subscription-price: the real price markup, with subscription
// wording and localized strings (we render the price where the 2021 reference printed
// 'not yet implemented', as the reference itself later did).
import { formatCldrMoney, formatPlainMoney, type MoneyValue } from '../../../shared/money/index.ts';
import {
  billingFrequency,
  durationPhrase,
  planDuration,
  readSubscriptionPlan,
  wordingKey,
  type SubscriptionPlan,
} from '../../../shared/subscriptions/index.ts';
import { isRecord, walk } from '../../values.ts';
import { escapeHtml } from '../core/escape.ts';
import type { PluginEnv } from '../types.ts';
import {
  amount,
  content,
  effective,
  fromPrice,
  hasVariedPrices,
  isOnSale,
  lowest,
  normalPrice,
  priced,
  pricedItems,
  salePrice,
  type Priced,
  type Rec,
  variants,
  ZERO_AMOUNT,
} from './product.ts';

const SALE_LABEL = '<span class="visually-hidden v6-visually-hidden">Sale Price:</span>';
const ORIGINAL_LABEL = '<span class="visually-hidden v6-visually-hidden">Original Price:</span>';
export const DEFAULT_UNAVAILABLE = 'Unavailable';

/** Prices in CLDR money rather than the legacy native-money markup. */
export function useCldr(root: unknown): boolean {
  return (
    walk(root, ['website', 'useCLDRMoneyFormat']) === true ||
    walk(root, ['featureFlags', 'useCLDRMoneyFormat']) === true
  );
}

/**
 * One price: CLDR text when the site opts in, else the legacy native-money span. Without
 * locale data (the `none` locale) nothing, as in the reference.
 */
export function printMoney(m: MoneyValue, env: PluginEnv): string {
  if (env.locale === 'none') return '';
  if (useCldr(env.root))
    return escapeHtml(
      formatCldrMoney(m.decimal, m.currency, env.locale === 'none' ? 'en-US' : env.locale),
    );
  return `<span class="sqs-money-native">${escapeHtml(formatPlainMoney(m.decimal, m.currency))}</span>`;
}

function localized(env: PluginEnv, key: string): string | undefined {
  const v = walk(env.root, ['localizedStrings', key]);
  return typeof v === 'string' ? v : undefined;
}

/**
 * "{price} every 2 weeks for 1 year" (the shared subscription wording), through the
 * site's localizedStrings when it has the key for this plan.
 */
function subscriptionWording(
  kind: 'single' | 'from',
  priceHtml: string,
  plan: SubscriptionPlan,
  env: PluginEnv,
): string {
  const d = planDuration(plan);
  const template =
    localized(env, wordingKey(kind, plan)) ??
    `${kind === 'from' ? 'from ' : ''}{price} ${billingFrequency(plan)}${d ? ` ${durationPhrase(d)}` : ''}`;
  return template
    .replace(/\{price\}/g, priceHtml)
    .replace(/\{billingPeriodValue\}/g, String(plan.billingPeriod.value))
    .replace(/\{duration\}/g, String(d?.value ?? 0));
}

/**
 * What a price block shows: "from" the lowest price paid when prices vary, else the sale and
 * the regular price of a product on sale, else its regular price.
 */
interface PriceShown {
  varied: boolean;
  onSale: boolean;
  from: MoneyValue;
  sale: MoneyValue;
  normal: MoneyValue;
}

/**
 * Whether a product's prices vary, so that its block says "from": by the prices paid
 * (docs/adr/002, row `varied-prices-by-price-paid`); the harness's stand-in decides as the
 * reference does.
 */
export type VariedPrices = (sc: Rec, items: readonly Priced[]) => boolean;

const byPricePaid: VariedPrices = (_sc, items) => hasVariedPrices(items);

/** The body of a price block; `plan` adds subscription wording. Blocks that end in markup get a trailing newline. */
function priceBody(shown: PriceShown, plan: SubscriptionPlan | null, env: PluginEnv): string {
  const word = (kind: 'single' | 'from', m: MoneyValue): string =>
    // Without locale data the reference words no price at all, "from" included.
    env.locale === 'none'
      ? ''
      : plan
        ? subscriptionWording(kind, printMoney(m, env), plan, env)
        : `${kind === 'from' ? 'from ' : ''}${printMoney(m, env)}`;
  if (shown.varied) return `${word('from', shown.from)}\n`;
  if (shown.onSale)
    return `${SALE_LABEL}${word('single', shown.sale)} ${ORIGINAL_LABEL}<span class="original-price">${word('single', shown.normal)}</span>\n`;
  return word('single', shown.normal);
}

/** A product's price block as the reference reads it: a missing amount is zero. */
function productShown(item: unknown, sc: Rec, varied: VariedPrices, env: PluginEnv): PriceShown {
  return {
    varied: varied(sc, pricedItems(sc)),
    onSale: isOnSale(item, env),
    from: fromPrice(sc),
    sale: salePrice(sc),
    normal: normalPrice(sc),
  };
}

/** The reference's price blocks open with three blank lines; templates laid out around them expect them. */
const BLOCK_LEAD = '\n\n\n';

function isSubscribable(sc: Rec): boolean {
  return sc.isSubscribable === true || sc.isSubscribable === 'true';
}

/**
 * `varied` decides when the block says "from": ours by default, the reference's rule in the
 * harness's stand-in. `unavailable` writes the site's "price unavailable" text: escaped
 * (docs/adr/002, `price-unavailable-escaped`), as it is in the harness's stand-in.
 */
export function productPrice(
  item: unknown,
  env: PluginEnv,
  varied: VariedPrices = byPricePaid,
  unavailable: (s: string) => string = escapeHtml,
): string {
  const sc = content(item);
  const plan = sc && isSubscribable(sc) ? readSubscriptionPlan(sc.subscriptionPlan) : null;
  let body: string;
  // As in the reference, no product at all shows a zero amount (`printMoney` prints nothing
  // without locale data), and a product marked of unknown type (-1) no price.
  if (!sc) body = printMoney(ZERO_AMOUNT, env);
  else if (isSubscribable(sc) && !plan)
    body = `${env.locale === 'none' ? '' : unavailable(localized(env, 'productPriceUnavailable') ?? DEFAULT_UNAVAILABLE)}\n`;
  else if (sc.productType === -1) body = '';
  else body = priceBody(productShown(item, sc, varied, env), plan, env);
  return `${BLOCK_LEAD}<div class="product-price">\n${body}\n</div>`;
}

/** The lowest subscription price: each variant's first pricing option. */
export function subscriptionPrice(item: unknown, env: PluginEnv): string {
  const options: Priced[] = [];
  for (const v of variants(content(item))) {
    const first: unknown = Array.isArray(v.pricingOptions) ? v.pricingOptions[0] : undefined;
    if (isRecord(first)) options.push(priced(first));
  }
  const [first] = options;
  const shown = first && {
    varied: hasVariedPrices(options),
    onSale: first.onSale,
    from: lowest(options, effective),
    sale: amount(first.sale),
    normal: amount(first.price),
  };
  const body = shown ? priceBody(shown, null, env) : '';
  return `${BLOCK_LEAD}<div class="subscription-price">\n${body}\n</div>`;
}
