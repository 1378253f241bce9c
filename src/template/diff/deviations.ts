// The deliberate deviations from the reference (docs/adr/002, "Differences from the
// reference engine"). Each one names the formatters whose reference behaviour we chose
// not to follow and gives that behaviour as a stand-in: a difference is explained when our
// engine, with the stand-ins of one deviation (or of all), renders what the reference does.
import {
  createEngine,
  type Engine,
  type EngineOptions,
  type Formatter,
  type PluginEnv,
  type Predicate,
} from '../index.ts';
import {
  content,
  pricedByVariant,
  productType,
  ProductType,
  type Rec,
  variants,
} from '../plugins/commerce/product.ts';
import { summaryFormField } from '../plugins/commerce/forms.ts';
import { productPrice, useCldr } from '../plugins/commerce/price.ts';
import { recordTypeOf, RECORD_TYPES } from '../plugins/content/predicates.ts';
import { escapeAttr } from '../plugins/core/escape.ts';
import {
  childImage,
  image,
  imageColor,
  imageMeta,
  imageSrcset,
  metaAltText,
  parseSize,
  srcsetOrValue,
} from '../plugins/content/image.ts';
import { cldrSpaces } from '../plugins/i18n/datetime.ts';
import { bookkeeperAmount } from '../plugins/money/index.ts';
import { dateFormatters } from '../plugins/i18n/index.ts';
import { builtinFamilies, mergeFamilies } from '../plugins/registry.ts';
import { commentLink, googleCalendarUrl } from '../plugins/social/index.ts';
import { activateTwitterLinks, UNESCAPED } from '../plugins/social/twitter-links.ts';
import { isRecord, leadingNumber, leadingNumberOrZero, toText } from '../values.ts';
import { asJson, type DiffInput } from './reference.ts';

export interface Deviation {
  /** The row of docs/adr/002's table this implements. */
  id: string;
  /** The reference's behaviour, as formatters and predicates that replace ours when explaining. */
  formatters?: Record<string, Formatter>;
  predicates?: Record<string, Predicate>;
  /** The reference's behaviour where it lies in the engine rather than in a plugin. */
  engine?: Pick<
    EngineOptions,
    'depthLeaksOnRefusal' | 'scopeLeaksOnFormatterFailure' | 'zoneFromScope'
  >;
}

/** One side of a 'WxH' size; no value at all (not even empty text) for a value that is not a size. */
const quietSide =
  (which: 0 | 1): Formatter =>
  (v) => {
    const size = parseSize(v);
    return size ? size[which] : undefined;
  };

/** image-meta without the image's own `altText`, as the reference prints it. */
const metaWithoutAltText = (image: unknown): string =>
  imageMeta(image, isRecord(image) ? metaAltText(image) : '');

/** The largest epoch a JavaScript Date holds, in milliseconds. */
const MAX_DATE = 8.64e15;

/** `date` with a pattern throws, in the reference, on a value that is no valid date. */
const throwingDate: Formatter = (v, args, env) => {
  const t = leadingNumber(v);
  if (args.length > 0 && !(Math.abs(t) <= MAX_DATE)) throw new Error('Invalid time value');
  return ourFormatter('date')(v, args, env);
};

/** `bookkeeper-money-format` throws, in the reference, on NaN and the infinities. */
const throwingBookkeeper: Formatter = (v, args, env) => {
  if (bookkeeperAmount(v) === undefined) throw new Error('no amount');
  return ourFormatter('bookkeeper-money-format')(v, args, env);
};

/** JavaScript's deprecated escape(), which the reference's calendar links use. */
const legacyEscape = (globalThis as unknown as { escape: (s: string) => string }).escape;

/** The TypeScript reference registers these but prints their input unchanged. */
const passThrough: Formatter = (v) => v;

const ours = mergeFamilies(builtinFamilies);
const ourFormatter = (name: string): Formatter => {
  const f = ours.formatters[name];
  if (!f) throw new Error(`no formatter ${name}`);
  return f;
};
const ourPredicate = (name: string): Predicate => {
  const p = ours.predicates[name];
  if (!p) throw new Error(`no predicate ${name}`);
  return p;
};

/** Types the spec's sold-out rule knows; the reference calls every other type sold out. */
const KNOWN_TYPES: ReadonlySet<number> = new Set(Object.values(ProductType));
const unknownType = (v: unknown): boolean => !KNOWN_TYPES.has(productType(content(v)));

/** `item-classes` as the reference prints it: a store item of unknown type is also `sold-out`. */
const itemClassesSoldOutWhenUnknown: Formatter = (v, args, env) => {
  const classes = ourFormatter('item-classes')(v, args, env);
  return recordTypeOf(v) === RECORD_TYPES['store-item'] && unknownType(v)
    ? `${toText(classes)} sold-out`
    : classes;
};

/**
 * A copy without `decimalValue` members, nor the minor-unit `price`/`salePrice` numbers we fall
 * back on: the TypeScript reference reads a money object's `value` only (zero without one).
 */
const NOT_READ_BY_REFERENCE: ReadonlySet<string> = new Set(['decimalValue', 'price', 'salePrice']);

function withoutDecimalValues(v: unknown, depth = 0): unknown {
  if (depth > 8) return v;
  if (Array.isArray(v)) return v.map((x) => withoutDecimalValues(x, depth + 1));
  if (!isRecord(v)) return v;
  // A money object without `value` is a zero amount to the reference, still a price.
  const read = 'decimalValue' in v && !('value' in v) ? { ...v, value: '0' } : v;
  return Object.fromEntries(
    Object.entries(read)
      .filter(([k]) => !NOT_READ_BY_REFERENCE.has(k))
      .map(([k, x]) => [k, withoutDecimalValues(x, depth + 1)]),
  );
}

/**
 * A money value as the reference's `money` reads it: `value` with `currency`, else
 * `decimalValue` with `currencyCode`; any other value (a mix, or no currency) is no money.
 */
function moneyAsReferenceReadsIt(v: unknown): unknown {
  if (!isRecord(v)) return v;
  if (v.value !== undefined && v.currency !== undefined)
    return { value: v.value, currency: v.currency };
  if (v.decimalValue !== undefined && v.currencyCode !== undefined)
    return { decimalValue: v.decimalValue, currencyCode: v.currencyCode };
  return null;
}

/** The arguments without `mode:` options, which the reference's number formatters do not read. */
const withoutModes = (args: readonly string[]): readonly string[] =>
  args.some((a) => a.startsWith('mode:')) ? args.filter((a) => !a.startsWith('mode:')) : args;

/** `money` as the reference reads its value (the `money-names-and-currency` stand-in). */
const referenceMoney: Formatter = (v, args, env) =>
  ourFormatter('money')(moneyAsReferenceReadsIt(v), args, env);

const PRICE_FORMATTERS = [
  'product-price',
  'subscription-price',
  'normal-price',
  'sale-price',
  'from-price',
] as const;

/**
 * The render as the reference's price helpers see it: blind to `website.useCLDRMoneyFormat`
 * (they read the feature flag only), so the site's setting leaves the legacy native-money markup.
 */
function withoutSiteCldr(env: PluginEnv): PluginEnv {
  const root = env.root;
  if (!isRecord(root) || !isRecord(root.website)) return env;
  const website = { ...root.website, useCLDRMoneyFormat: undefined };
  return Object.create(env, { root: { value: { ...root, website } } }) as PluginEnv;
}

const withoutSiteCldrSetting =
  (name: string): Formatter =>
  (v, args, env) =>
    ourFormatter(name)(v, args, withoutSiteCldr(env));

/** A copy with every currency code read as USD: two fraction digits, as the reference counts minor units. */
function withCentCurrencies(v: unknown, depth = 0): unknown {
  if (depth > 8) return v;
  if (Array.isArray(v)) return v.map((x) => withCentCurrencies(x, depth + 1));
  if (!isRecord(v)) return v;
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => [
      k,
      (k === 'currency' || k === 'currencyCode') && typeof x === 'string'
        ? 'USD'
        : withCentCurrencies(x, depth + 1),
    ]),
  );
}

const MINOR_UNIT_FORMATTERS = ['normal-price', 'sale-price', 'from-price'] as const;

/**
 * The amount `product-price` reads as the reference prints it: in the legacy native-money
 * markup, every currency with two decimals (¥300 as `300.00`); CLDR money keeps the currency.
 */
const withLegacyCents = (v: unknown, env: PluginEnv): unknown =>
  useCldr(env.root) ? v : withCentCurrencies(v);

/**
 * Varied prices as the reference decides them, for `varied-prices?` and for the "from" of
 * `product-price`: some variant's minor-unit `price` member or `onSale` flag differs, as
 * written, from the first variant's (a missing price differs from 0).
 */
function variedAsReference(sc: Rec | null): boolean {
  if (!pricedByVariant(productType(sc))) return false;
  const [first, ...rest] = variants(sc);
  return rest.some((v) => v.price !== first?.price || v.onSale !== first?.onSale);
}

export const DEVIATIONS: readonly Deviation[] = [
  {
    id: 'noimpl-formatters',
    formatters: {
      'money-format': passThrough,
      moneyFormat: passThrough,
      'money-string': passThrough,
      'i18n-money-format': passThrough,
      datetimefield: passThrough,
      unit: passThrough,
    },
  },
  { id: 'image-size-message', formatters: { width: quietSide(0), height: quietSide(1) } },
  {
    id: 'image-meta-alt-text',
    formatters: {
      'image-meta': (v) => metaWithoutAltText(v),
      'child-image-meta': (v, args) => metaWithoutAltText(childImage(v, args[0])),
      'cover-image-meta': (v) => metaWithoutAltText(isRecord(v) ? v.coverImage : undefined),
    },
  },
  // The reference prints CLDR's U+202F before AM/PM and U+2009 inside ranges.
  { id: 'plain-spaces-in-dates', formatters: dateFormatters(cldrSpaces) },
  // The reference names no zone in a range within one day; CLDR's spaces kept as well, since
  // a range has both differences at once.
  { id: 'interval-zone-name', formatters: dateFormatters(cldrSpaces, false) },
  // The reference prints one end of a date-only range within one day; CLDR's spaces kept too.
  { id: 'interval-day-both-ends', formatters: dateFormatters(cldrSpaces, true, false) },
  {
    id: 'twitter-links-escaped',
    formatters: { 'activate-twitter-links': (v) => activateTwitterLinks(toText(v), UNESCAPED) },
  },
  {
    id: 'money-decimal-value',
    formatters: Object.fromEntries(
      PRICE_FORMATTERS.map((n) => [
        n,
        (v: unknown, args: readonly string[], env: PluginEnv) =>
          ourFormatter(n)(withoutDecimalValues(v), args, env),
      ]),
    ),
  },
  {
    // The reference encodes the title with the legacy escape(): Latin-1 bytes, %uXXXX, bare `+`.
    id: 'calendar-url-utf8',
    formatters: { 'google-calendar-url': (v) => googleCalendarUrl(v, legacyEscape) },
  },
  { id: 'money-names-and-currency', formatters: { money: referenceMoney } },
  {
    // The reference reads no `mode:` option; we follow the golden case for significant-maxfrac.
    id: 'significant-maxfrac',
    formatters: {
      decimal: (v, args, env) => ourFormatter('decimal')(v, withoutModes(args), env),
      money: (v, args, env) => ourFormatter('money')(v, withoutModes(args), env),
    },
  },
  {
    // The reference writes the addresses into the attribute as they are.
    id: 'srcset-escaped',
    formatters: {
      'image-srcset': (v) =>
        srcsetOrValue(
          v,
          imageSrcset(v, (s) => s),
        ),
    },
  },
  // A failing formatter (here `date` of no valid date) ends its tag and its value stays the scope.
  {
    id: 'formatter-failure-keeps-scope',
    engine: { scopeLeaksOnFormatterFailure: true },
    formatters: { date: throwingDate, 'bookkeeper-money-format': throwingBookkeeper },
  },
  // Each refusal of a partial nested too deep lowers the reference's limit for the rest of the render.
  { id: 'partial-depth-recovers', engine: { depthLeaksOnRefusal: true } },
  // The reference reads the zone from the scope of each date: a private partial prints in New York.
  { id: 'site-zone-everywhere', engine: { zoneFromScope: true } },
  { id: 'units-metric-by-locale', predicates: { 'units-metric?': () => false } },
  {
    // The reference reads a missing or non-scalar value as the epoch ("now" at now = 0), text
    // by its leading number, and prints nothing for text that does not start with one.
    id: 'relative-time-invalid-date',
    formatters: {
      'relative-time': (v, args, env) => {
        const values = [v, ...env.values.slice(1)].map(leadingNumberOrZero);
        if (values.some((x) => !Number.isFinite(x))) return '';
        // The tag's other value (the end of `{start, end|relative-time}`) is read the same way.
        const asReference = Object.create(env, { values: { value: values } }) as PluginEnv;
        return ourFormatter('relative-time')(values[0], args, asReference);
      },
    },
  },
  {
    id: 'count-of-text',
    formatters: {
      count: (v, args, env) =>
        typeof v === 'string' ? v.length : ourFormatter('count')(v, args, env),
    },
  },
  {
    id: 'varied-prices-by-price-paid',
    formatters: {
      'product-price': (v, _args, env) => productPrice(v, env, () => variedAsReference(content(v))),
    },
    predicates: { 'varied-prices?': (node) => variedAsReference(content(node)) },
  },
  {
    id: 'minor-units-by-currency',
    formatters: Object.fromEntries(
      MINOR_UNIT_FORMATTERS.map((n) => [
        n,
        (v: unknown, args: readonly string[], env: PluginEnv) =>
          ourFormatter(n)(withCentCurrencies(v), args, env),
      ]),
    ),
  },
  {
    id: 'legacy-money-two-decimals',
    formatters: {
      'product-price': (v, args, env) =>
        ourFormatter('product-price')(withLegacyCents(v, env), args, env),
    },
  },
  {
    id: 'cldr-money-site-setting',
    formatters: {
      'product-price': withoutSiteCldrSetting('product-price'),
      'subscription-price': withoutSiteCldrSetting('subscription-price'),
    },
  },
  {
    // The reference writes the item's address and id into the link's attributes as they are.
    id: 'comment-link-escaped',
    formatters: { 'comment-link': (v, _args, env) => commentLink(v, env, (s) => s) },
  },
  {
    // The reference writes the site's "price unavailable" text into the block as it is.
    id: 'price-unavailable-escaped',
    formatters: {
      'product-price': (v, _args, env) => productPrice(v, env, undefined, (s) => s),
    },
  },
  {
    // The reference writes the submitted text and the label into the markup as they are.
    id: 'summary-form-field-escaped',
    formatters: { 'summary-form-field': (v) => summaryFormField(v, (s) => s) },
  },
  {
    // The reference escapes the alt text among the loader's attributes twice.
    id: 'image-alt-escaped-once',
    formatters: { image: (v, args) => image(v, args[0], escapeAttr) },
  },
  {
    // The reference writes the colours into the attributes as they are.
    id: 'image-color-escaped',
    formatters: { 'image-color': (v, args) => imageColor(v, args[0], args[1], (s) => s) },
  },
  {
    id: 'unknown-product-type-sold-out',
    formatters: {
      'product-status': (v, args, env) =>
        unknownType(v)
          ? '<div class="product-mark sold-out">sold out</div>'
          : ourFormatter('product-status')(v, args, env),
      'item-classes': itemClassesSoldOutWhenUnknown,
    },
    predicates: {
      'sold-out?': (node, args, env) =>
        unknownType(node) || ourPredicate('sold-out?')(node, args, env),
    },
  },
];

/**
 * A price helper with every price row's stand-in at once: the money read as the reference
 * reads it (`money-decimal-value`), minor units of two digits for the minor-unit helpers
 * (`minor-units-by-currency`), and the site's CLDR setting hidden (`cldr-money-site-setting`).
 */
const referencePrice =
  (name: string): Formatter =>
  (v, args, env) => {
    const read = withoutDecimalValues(v);
    // The reference decides "from" by the `price` members the money reading drops.
    if (name === 'product-price') {
      const asReference = withoutSiteCldr(env);
      const amounts = withLegacyCents(read, asReference);
      return productPrice(
        amounts,
        asReference,
        () => variedAsReference(content(v)),
        (s) => s,
      );
    }
    const minorUnits = (MINOR_UNIT_FORMATTERS as readonly string[]).includes(name);
    return ourFormatter(name)(
      minorUnits ? withCentCurrencies(read) : read,
      args,
      withoutSiteCldr(env),
    );
  };

/**
 * Formatters several rows replace, with the stand-ins of all those rows at once: the three
 * date rows, `money` read as the reference reads it without `mode:` options, and the price
 * helpers (otherwise the last row naming one would drop the others' stand-ins).
 */
const ALL_SHARED_ROWS: Record<string, Formatter> = {
  ...dateFormatters(cldrSpaces, false, false),
  money: (v, args, env) => referenceMoney(v, withoutModes(args), env),
  ...Object.fromEntries(PRICE_FORMATTERS.map((n) => [n, referencePrice(n)])),
};

const engines = new Map<Deviation | 'all', Engine>();
function engineFor(d: Deviation | 'all'): Engine {
  let e = engines.get(d);
  if (!e) {
    const all = d === 'all' ? DEVIATIONS : [d];
    const formatters = Object.fromEntries(all.flatMap((x) => Object.entries(x.formatters ?? {})));
    // Rows replacing the same formatter (the date rows, `money`) are one stand-in together.
    if (d === 'all') Object.assign(formatters, ALL_SHARED_ROWS);
    const predicates = Object.fromEntries(all.flatMap((x) => Object.entries(x.predicates ?? {})));
    const options = Object.assign({}, ...all.map((x) => x.engine ?? {})) as EngineOptions;
    engines.set(d, (e = createEngine({ ...options, formatters, predicates })));
  }
  return e;
}

/** One input through one of our engines: the harness's plain one or a deviation's. */
export function renderWith(engine: Engine, input: DiffInput): string {
  // The data as the reference gets it (reference.ts): JSON, whatever was generated.
  return engine.render(input.template, asJson(input.context), {
    partials: input.partials,
    injects: asJson(input.injects),
    locale: input.locale,
    now: input.now,
  }).output;
}

function rendersLikeReference(engine: Engine, input: DiffInput, theirs: string): boolean {
  return renderWith(engine, input).trim() === theirs.trim();
}

/** The formatter and predicate names a deviation replaces. */
const namesOf = (d: Deviation): string[] => [
  ...Object.keys(d.formatters ?? {}),
  ...Object.keys(d.predicates ?? {}),
];

/**
 * Our engine with each formatter and predicate a deviation replaces wrapped to note that it
 * ran; the wrappers keep the `pure` and `validateArgs` marks, so it renders as ours does.
 */
const ran = new Set<string>();
function noting<F extends Formatter | Predicate>(name: string, f: F): F {
  const wrapped = (...a: Parameters<F>): ReturnType<F> => {
    ran.add(name);
    return (f as (...x: Parameters<F>) => ReturnType<F>)(...a);
  };
  return Object.assign(wrapped, f);
}
const REPLACED = new Set(DEVIATIONS.flatMap(namesOf));
const notingEngine = createEngine({
  formatters: Object.fromEntries(
    Object.entries(ours.formatters)
      .filter(([name]) => REPLACED.has(name))
      .map(([name, f]) => [name, noting(name, f)]),
  ),
  predicates: Object.fromEntries(
    Object.entries(ours.predicates)
      .filter(([name]) => REPLACED.has(name))
      .map(([name, p]) => [name, noting(name, p)]),
  ),
});

/**
 * The deviations whose stand-ins can change this render. Formatters and predicates never
 * call each other through the tables and a render is deterministic, so an engine with
 * stand-ins renders what ours does until a stand-in runs: a deviation none of whose names
 * ran in our render cannot explain anything, unless it changes the engine itself. One noting
 * render spares the dozen renders (and compiles) of trying every deviation on each differing
 * case.
 */
function reachedBy(input: DiffInput): Deviation[] {
  ran.clear();
  renderWith(notingEngine, input);
  // An engine-level stand-in (scope, partial depth) changes no table entry: always tried.
  return DEVIATIONS.filter(
    (d) => d.engine !== undefined || namesOf(d).some((name) => ran.has(name)),
  );
}

/** The deviation explaining a difference, 'several' when it takes more than one, or null. */
export function explain(input: DiffInput, theirs: string): Deviation | 'several' | null {
  const reached = reachedBy(input);
  // With none reached, all the stand-ins together render what ours does, too.
  if (reached.length === 0) return null;
  for (const d of reached) if (rendersLikeReference(engineFor(d), input, theirs)) return d;
  return rendersLikeReference(engineFor('all'), input, theirs) ? 'several' : null;
}
