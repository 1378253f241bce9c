/**
 * fast-check arbitraries of what hostile or broken clients send: wrong types, huge and odd
 * strings, deep nesting, unicode, prototype-pollution keys, negative and fractional numbers —
 * under the field names Vitrine's endpoints read, so payloads get past the first check often
 * enough to test the deeper ones.
 */
import fc from 'fast-check';

/** Field names the endpoints read (cart, orders, forms, accounts, restock, owners, telemetry). */
export const KNOWN_FIELDS = [
  'itemId',
  'sku',
  'quantity',
  'qty',
  'additionalFields',
  'email',
  'password',
  'rememberMe',
  'token',
  'productId',
  'variantId',
  'siteVisitorEmail',
  'isJoinMailingList',
  'captchaToken',
  'formId',
  'form',
  'key',
  'shippingAddress',
  'shippingOptionId',
  'couponCodes',
  'giftCardCodes',
  'payment',
  'qtyInStock',
  'unlimited',
  'delta',
  'title',
  'coupons',
  'shippingRates',
  'taxRules',
  'flags',
  'event',
  'data',
  'visitorCookie',
  'returnTo',
  'websiteId',
  'entries',
  'records',
] as const;

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Strings that have broken parsers, queries and templates elsewhere. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\u202E',
  '🛒'.repeat(20),
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../etc/passwd',
  '%00',
  '${7*7}{{7*7}}',
  "' or 1=1 --",
  '__proto__',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'null',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...NASTY_STRINGS),
  // Long enough to pass every field limit, some beyond the body limit (413).
  fc.integer({ min: 1_000, max: 300_000 }).map((length) => 'x'.repeat(length)),
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, -0, 0.5, 1.5, 9999, 10_000, 1e308, Number.MAX_SAFE_INTEGER + 2),
);

const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...KNOWN_FIELDS),
  fc.constantFrom(...POLLUTION_KEYS),
  fc.string({ maxLength: 12 }),
);

/** Any JSON value, nested a few levels, with hostile leaves and keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A JSON body as text: mostly objects of known fields, sometimes anything at all. */
export const hostileJsonText: fc.Arbitrary<string> = fc
  .oneof(
    { arbitrary: fc.dictionary(hostileKey, hostileValue, { maxKeys: 8 }), weight: 6 },
    { arbitrary: hostileValue, weight: 2 },
    // Nesting deep enough to break recursive walkers.
    {
      arbitrary: fc
        .integer({ min: 500, max: 20_000 })
        .map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
      weight: 1,
    },
    {
      arbitrary: fc.constant(
        '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"quantity":1}',
      ),
      weight: 1,
    },
    { arbitrary: hostileString, weight: 1 },
  )
  .map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));

/** A urlencoded form body's fields (the crumb is added by the sender). */
export const hostileFormFields: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  hostileKey,
  fc.oneof(hostileString, hostileNumber.map(String)),
  { maxKeys: 8 },
);
