// Template data for the differential harness: realistic page data (products, money,
// images, dates, collections, records, forms) mixed with hostile values (missing keys,
// nulls, arrays where objects are expected, huge numbers, unicode, markup).
import fc from 'fast-check';

/** Noon UTC on 2023-11-14, the clock both engines get. */
export const DIFF_NOW = 1_700_000_000_000;

const text = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('', 'a', 'Hello World', 'mug', 'x y  z', 'foo-bar') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '<b>bold</b> & "quoted"',
      "it's 90's rock",
      'Café — naïve 日本語 😀',
      '  padded  ',
      'line\nbreak',
      'http://example.com/a b?c=d&e',
      '1,234.5',
      '-0',
      '42',
      '3.14159',
      'true',
      'null',
      '<script>alert(1)</script>',
      'Don\'t "quote" me -- ok...',
      'a.b.c',
      '{a}',
      'UPPER lower',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
);

const number = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -5, max: 20 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(0, 1, 2, 3, 100, 1234, 1234567, -1, -42, 0.5, 1.005, 12.345, 99.99),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(1e21, 9007199254740992, -1e-7, 1.2345678901234568e20, 2 ** 31),
  },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

/** Epoch milliseconds around the fixed clock: seconds, hours, days and years away. */
const instant = fc.oneof(
  fc.constantFrom(
    DIFF_NOW,
    DIFF_NOW - 30_000,
    DIFF_NOW - 3_600_000,
    DIFF_NOW - 86_400_000 * 3,
    DIFF_NOW + 86_400_000 * 40,
    DIFF_NOW - 86_400_000 * 400,
    0,
    1_500_000_000_000,
  ),
  fc.integer({ min: DIFF_NOW - 86_400_000 * 800, max: DIFF_NOW + 86_400_000 * 800 }),
);

const currency = fc.constantFrom('USD', 'EUR', 'JPY', 'GBP', 'DKK', 'KWD', 'XYZ');

const decimalString = fc.oneof(
  fc.constantFrom('0', '0.00', '12.5', '19.99', '1234.56', '-3.10', '1000000', 'abc', ''),
  fc.integer({ min: -100000, max: 10_000_000 }).map((n) => (n / 100).toFixed(2)),
);

export const money = fc.oneof(
  fc.record({ decimalValue: decimalString, currencyCode: currency }),
  fc.record({ value: decimalString, currency }),
  fc.record({ decimalValue: decimalString }, { requiredKeys: [] }),
);

const variant = fc.record(
  {
    sku: fc.constantFrom('SKU-1', 'SKU-2', ''),
    unlimited: fc.boolean(),
    qtyInStock: fc.integer({ min: -1, max: 5 }),
    onSale: fc.boolean(),
    price: fc.integer({ min: 0, max: 5000 }),
    salePrice: fc.integer({ min: 0, max: 5000 }),
    priceMoney: money,
    salePriceMoney: money,
    attributes: fc.dictionary(fc.constantFrom('Size', 'Color'), fc.constantFrom('S', 'Red')),
    optionValues: fc.array(
      fc.record({ optionName: fc.constantFrom('Size', 'Color'), value: fc.constantFrom('S', 'L') }),
      { maxLength: 2 },
    ),
  },
  { requiredKeys: ['qtyInStock'] },
);

const structuredContent = fc.record(
  {
    productType: fc.constantFrom(1, 2, 3, 4, 5, 0),
    variants: fc.array(variant, { maxLength: 3 }),
    priceMoney: money,
    salePriceMoney: money,
    onSale: fc.boolean(),
    isSubscribable: fc.boolean(),
    variantOptionOrdering: fc.constantFrom(['Size'], ['Size', 'Color'], []),
    useCustomAddButtonText: fc.boolean(),
    customAddButtonText: text,
  },
  { requiredKeys: ['productType'] },
);

const image = fc.record(
  {
    assetUrl: fc.constantFrom('https://img.example/a.jpg', 'http://x/y.png', ''),
    originalSize: fc.constantFrom('1000x500', '640x640', '10x2000', 'bad', ''),
    mediaFocalPoint: fc.record({ x: fc.double({ min: 0, max: 1 }), y: fc.constantFrom(0.5, 0.1) }),
    colorData: fc.record(
      {
        topLeftAverage: fc.constantFrom('aabbcc', 'FFFFFF', '000000'),
        suggestedBgColor: fc.constantFrom('112233', 'fafafa'),
      },
      { requiredKeys: [] },
    ),
    title: text,
    body: fc.constantFrom('<p>An <em>image</em> caption</p>', '', 'plain & simple'),
    filename: fc.constantFrom('photo.jpg', ''),
    systemDataId: fc.constantFrom('abc-123', ''),
    systemDataVariants: fc.constantFrom('100w,300w,500w', ''),
    mainImageId: fc.constantFrom('img-1'),
  },
  { requiredKeys: [] },
);

/** A content item: a product, an event, a post, an image or a gallery item. */
export const item = fc.record(
  {
    id: fc.constantFrom('item-1', 'item-2'),
    title: text,
    body: fc.constantFrom('<p>Body <strong>text</strong></p>', '', 'plain'),
    excerpt: fc.constantFrom('<p>Excerpt</p>', ''),
    fullUrl: fc.constantFrom('/shop/p/mug', '/blog/post-1', ''),
    recordType: fc.constantFrom(1, 2, 4, 5, 7, 8, 11, 12, 14, 15, 16, 18, 50, 52, 99),
    promotedBlockType: fc.constantFrom('map', 'embed', 'image', 'video', 'twitter', 'quote'),
    starred: fc.boolean(),
    passthrough: fc.boolean(),
    sourceUrl: fc.constantFrom('http://source.example', ''),
    externalLink: fc.constantFrom('http://ext.example', ''),
    addedOn: instant,
    publishOn: instant,
    updatedOn: instant,
    startDate: instant,
    endDate: instant,
    tags: fc.array(fc.constantFrom('red', 'blue', 'big sale'), { maxLength: 3 }),
    categories: fc.array(fc.constantFrom('Mugs', 'Cups'), { maxLength: 2 }),
    author: fc.record({ displayName: text }),
    location: fc.record(
      {
        addressLine1: text,
        addressLine2: text,
        addressCountry: fc.constantFrom('US', 'France'),
        mapLat: fc.double({ min: -90, max: 90, noNaN: true }),
        mapLng: fc.constantFrom(2.35, -73.9),
      },
      { requiredKeys: [] },
    ),
    structuredContent,
    assetUrl: fc.constantFrom('https://img.example/a.jpg'),
    originalSize: fc.constantFrom('1000x500', '500x1000'),
    items: fc.array(image, { maxLength: 3 }),
    publicCommentCount: fc.integer({ min: 0, max: 3 }),
    commentState: fc.constantFrom(1, 2),
    likeCount: fc.integer({ min: 0, max: 3 }),
    mainImage: image,
    backgroundSource: fc.constantFrom(1, 2, 3, 4, 0),
  },
  { requiredKeys: [] },
);

const collection = fc.record(
  {
    id: fc.constantFrom('col-1'),
    type: fc.constantFrom(1, 2, 10, 13),
    typeName: fc.constantFrom('products', 'blog', 'gallery', 'page', 'events'),
    folder: fc.boolean(),
    folderBehavior: fc.constantFrom(1, 2, 3),
    fullUrl: fc.constantFrom('/shop', '/blog'),
    publicCommentCount: fc.integer({ min: 0, max: 3 }),
    commentState: fc.constantFrom(1, 2),
    calendarView: fc.boolean(),
    ordering: fc.constantFrom(1, 2),
  },
  { requiredKeys: [] },
);

/** Any JSON value, realistic or hostile, nested a little. */
export const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: text },
    { weight: 4, arbitrary: number },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: instant },
    { weight: 1, arbitrary: money },
    {
      weight: 2,
      arbitrary: fc.array(tie('v'), { maxLength: 4 }),
    },
    {
      weight: 2,
      arbitrary: fc.dictionary(fc.constantFrom('a', 'b', 'name', 'id', 'value', '$x'), tie('v'), {
        maxKeys: 3,
      }),
    },
  ),
})).v;

/** The context of one case: fixed keys (so templates can find them) holding generated values. */
export const context = fc.record(
  {
    a: value,
    b: value,
    n: number,
    s: text,
    list: fc.array(value, { maxLength: 5 }),
    nums: fc.array(number, { maxLength: 5 }),
    obj: fc.record({ a: value, name: text, id: number, value: value }, { requiredKeys: [] }),
    money,
    date: instant,
    end: instant,
    item,
    items: fc.array(item, { maxLength: 3 }),
    collection,
    website: fc.record(
      {
        timeZone: fc.constantFrom('America/New_York', 'Europe/Paris', 'Asia/Tokyo', 'Bad/Zone', ''),
        useCLDRMoneyFormat: fc.boolean(),
        baseUrl: fc.constantFrom('https://shop.example'),
        colorTheme: fc.constantFrom('dark', 'light'),
        commentsEnabled: fc.boolean(),
        disqusShortName: fc.constantFrom('', 'shop'),
      },
      { requiredKeys: [] },
    ),
    cart: fc.record(
      {
        entries: fc.array(fc.record({ quantity: fc.integer({ min: 0, max: 4 }) }), {
          maxLength: 3,
        }),
        subtotalMoney: money,
      },
      { requiredKeys: [] },
    ),
    localizedStrings: fc.dictionary(
      fc.constantFrom('productSoldOut', 'productOnSale', 'productPriceUnavailable', 'soldOut'),
      text,
      { maxKeys: 2 },
    ),
    debug: fc.boolean(),
    $x: text,
    units: fc.constantFrom('metric', 'imperial'),
  },
  { requiredKeys: ['a', 's', 'n', 'list', 'obj'] },
);
