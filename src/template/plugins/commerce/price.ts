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
  content,
  effective,
  hasVariedPrices,
  lowest,
  priced,
  pricedItems,
  type Priced,
  type Rec,
  variants,
} from './product.ts';

const SALE_LABEL = '<span class="visually-hidden v6-visually-hidden">Sale Price:</span>';
const ORIGINAL_LABEL = '<span class="visually-hidden v6-visually-hidden">Original Price:</span>';
export const DEFAULT_UNAVAILABLE = 'Unavailable';

function useCldr(root: unknown): boolean {
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

/** The body of a price block; `plan` adds subscription wording. Blocks that end in markup get a trailing newline. */
function priceBody(
  items: readonly Priced[],
  plan: SubscriptionPlan | null,
  env: PluginEnv,
): string {
  if (items.length === 0) return '';
  const word = (kind: 'single' | 'from', m: MoneyValue): string =>
    // Without locale data the reference words no price at all, "from" included.
    env.locale === 'none'
      ? ''
      : plan
        ? subscriptionWording(kind, printMoney(m, env), plan, env)
        : `${kind === 'from' ? 'from ' : ''}${printMoney(m, env)}`;
  if (hasVariedPrices(items)) {
    const low = lowest(items, effective);
    return low ? `${word('from', low)}\n` : '';
  }
  const first = items[0];
  if (!first) return '';
  if (first.onSale && first.sale && first.price) {
    return `${SALE_LABEL}${word('single', first.sale)} ${ORIGINAL_LABEL}<span class="original-price">${word('single', first.price)}</span>\n`;
  }
  const m = effective(first);
  return m ? word('single', m) : '';
}

const ZERO_PRICE = '<span class="sqs-money-native">0.00</span>';

/** The reference's price blocks open with three blank lines; templates laid out around them expect them. */
const BLOCK_LEAD = '\n\n\n';

function isSubscribable(sc: Rec): boolean {
  return sc.isSubscribable === true || sc.isSubscribable === 'true';
}

export function productPrice(item: unknown, env: PluginEnv): string {
  const sc = content(item);
  let body = '';
  if (sc) {
    const plan = isSubscribable(sc) ? readSubscriptionPlan(sc.subscriptionPlan) : null;
    if (isSubscribable(sc) && !plan)
      body = `${env.locale === 'none' ? '' : escapeHtml(localized(env, 'productPriceUnavailable') ?? DEFAULT_UNAVAILABLE)}\n`;
    else body = priceBody(pricedItems(sc), plan, env);
  }
  // As in the reference, anything but a product marked of unknown type (-1) without a
  // price prints a zero amount (in a render with a locale).
  if (body === '' && sc?.productType !== -1 && env.locale !== 'none') body = ZERO_PRICE;
  return `${BLOCK_LEAD}<div class="product-price">\n${body}\n</div>`;
}

/** The lowest subscription price: each variant's first pricing option. */
export function subscriptionPrice(item: unknown, env: PluginEnv): string {
  const options: Priced[] = [];
  for (const v of variants(content(item))) {
    const first: unknown = Array.isArray(v.pricingOptions) ? v.pricingOptions[0] : undefined;
    if (isRecord(first)) options.push(priced(first));
  }
  return `${BLOCK_LEAD}<div class="subscription-price">\n${priceBody(options, null, env)}\n</div>`;
}
