import { describe, expect, it } from 'vitest';
import demo from '../../../demo/site.json' with { type: 'json' };
import { formatPath, parseSiteFile, SiteFileError, type SiteFileInput } from './index.ts';

/** A small valid file; each test breaks one thing. */
function validFile(): SiteFileInput {
  return {
    website: { id: 'site', title: 'Test Store' },
    collections: [{ id: 'shop', title: 'Shop', fullUrl: '/shop' }],
    pages: [{ id: 'about', title: 'About', fullUrl: '/about' }],
    products: [
      {
        id: 'shirt',
        collectionId: 'shop',
        title: 'Shirt',
        fullUrl: '/shop/p/shirt',
        productType: 1,
        variants: [
          { id: 'shirt-s', sku: 'SH-S', attributes: { Size: 'S' }, price: 4500, qtyInStock: 3 },
          { id: 'shirt-m', sku: 'SH-M', attributes: { Size: 'M' }, price: 4500, qtyInStock: 0 },
        ],
      },
      {
        id: 'mug',
        collectionId: 'shop',
        title: 'Mug',
        fullUrl: '/shop/p/mug',
        productType: 1,
        variants: [{ id: 'mug-1', sku: 'MUG', price: 1800, unlimited: true }],
      },
    ],
    forms: [{ id: 'contact', fields: [{ id: 'email', type: 'email', required: true }] }],
    reviews: [
      {
        id: 'r1',
        productId: 'shirt',
        userName: 'Ana',
        reviewDate: '2026-01-02T03:04:05Z',
        starRating: 5,
        reviewText: 'Lovely.',
      },
    ],
  };
}

function errorsOf(input: unknown): string[] {
  const result = parseSiteFile(input);
  if (result.success) throw new Error('expected the file to be invalid');
  return result.errors;
}

/** Builds a file, lets a test change it, and returns the changed copy. */
function changed(edit: (file: SiteFileInput & Record<string, unknown>) => void): unknown {
  const file = structuredClone(validFile()) as SiteFileInput & Record<string, unknown>;
  edit(file);
  return file;
}

function product(file: SiteFileInput, index: number) {
  const found = file.products?.[index];
  if (!found) throw new Error(`no products[${index}] in the fixture`);
  return found;
}

function variant(file: SiteFileInput, productIndex: number, index: number) {
  const found = product(file, productIndex).variants[index];
  if (!found) throw new Error(`no variants[${index}] in the fixture`);
  return found;
}

describe('parseSiteFile', () => {
  it('accepts the demo store', () => {
    const result = parseSiteFile(demo);
    expect(result.success ? [] : result.errors).toEqual([]);
  });

  it('describes the demo store the walking skeleton needs', () => {
    const result = parseSiteFile(demo);
    if (!result.success) throw new Error(result.errors.join('\n'));
    const { website, collections, products, pages, forms, reviews } = result.data;
    expect(website).toMatchObject({
      title: 'Vitrine Demo Store',
      currency: 'USD',
      timeZone: 'America/New_York',
    });
    expect(collections.map((c) => c.fullUrl)).toEqual(['/shop', '/journal', '/events']);
    const shirt = products.find((p) => p.fullUrl === '/shop/p/linen-shirt');
    expect(shirt?.productType).toBe(1);
    expect(shirt?.variantOptionOrdering).toEqual(['Size', 'Colour']);
    expect(shirt?.variants.some((v) => !v.unlimited && v.qtyInStock === 0)).toBe(true);
    expect(products.find((p) => p.title === 'Field Notebook')?.variants).toHaveLength(1);
    // Contact, the gallery page, a password-protected page and a members-only page.
    expect(pages.map((page) => page.fullUrl)).toEqual([
      '/contact',
      '/gallery',
      '/trade',
      '/members',
    ]);
    expect(forms[0]?.fields.length).toBeGreaterThanOrEqual(3);
    // Reviews for several products, one with more than a page (10) of them.
    const perProduct = new Map<string, number>();
    for (const review of reviews)
      perProduct.set(review.productId, (perProduct.get(review.productId) ?? 0) + 1);
    expect(perProduct.size).toBeGreaterThanOrEqual(3);
    expect(perProduct.get('linen-shirt')).toBeGreaterThan(10);
  });

  it('applies defaults for optional fields', () => {
    const result = parseSiteFile(validFile());
    if (!result.success) throw new Error(result.errors.join('\n'));
    const { website, products, forms } = result.data;
    expect(website).toMatchObject({ currency: 'USD', timeZone: 'America/New_York', settings: {} });
    expect(products[1]?.variants[0]).toMatchObject({
      attributes: {},
      salePrice: 0,
      onSale: false,
      unlimited: true,
      qtyInStock: 0,
    });
    expect(products[0]).toMatchObject({
      isSubscribable: false,
      useCustomAddButtonText: false,
      variantOptionOrdering: [],
    });
    expect(forms[0]?.name).toBe('My Form Name');
  });

  it('names the bad record by path and id', () => {
    const errors = errorsOf(
      changed((file) => {
        variant(file, 1, 0).price = -5;
      }),
    );
    expect(errors).toEqual([
      'products[1].variants[0].price: Must not be negative (product "mug", variant "mug-1")',
    ]);
  });

  it('rejects money that is not whole minor units', () => {
    const errors = errorsOf(
      changed((file) => {
        variant(file, 0, 1).price = 45.5;
        variant(file, 0, 0).salePrice = '10' as unknown as number;
      }),
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^products\[0\]\.variants\[0\]\.salePrice: /);
    expect(errors[1]).toMatch(
      /^products\[0\]\.variants\[1\]\.price: Must be a whole number of minor units/,
    );
  });

  it('rejects negative or fractional stock', () => {
    const errors = errorsOf(
      changed((file) => {
        variant(file, 0, 0).qtyInStock = -1;
        variant(file, 0, 1).qtyInStock = 1.5;
      }),
    );
    expect(errors).toEqual([
      'products[0].variants[0].qtyInStock: Must not be negative (product "shirt", variant "shirt-s")',
      'products[0].variants[1].qtyInStock: Must be a whole number (product "shirt", variant "shirt-m")',
    ]);
  });

  it('names unknown fields, so typos are not silently dropped', () => {
    const errors = errorsOf(
      changed((file) => {
        Object.assign(variant(file, 0, 0), { prise: 100 });
        file.extra = true;
      }),
    );
    expect(errors).toContain('(file): Unknown field "extra"');
    expect(errors).toContain(
      'products[0].variants[0]: Unknown field "prise" (product "shirt", variant "shirt-s")',
    );
  });

  it('requires the fields the format names', () => {
    const errors = errorsOf({ website: { title: 'x' }, products: [{ id: 'p', variants: [] }] });
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^website\.id: /),
        expect.stringMatching(/^products\[0\]\.title: /),
        expect.stringMatching(/^products\[0\]\.fullUrl: /),
        expect.stringMatching(/^products\[0\]\.productType: /),
        'products[0].variants: A product needs at least one variant (product "p")',
      ]),
    );
  });

  it('checks URLs, ids, currency and time zone formats', () => {
    const errors = errorsOf(
      changed((file) => {
        product(file, 0).fullUrl = 'shop/shirt/';
        product(file, 0).id = 'has space';
        file.website.currency = 'XXX';
        file.website.timeZone = 'Mars/Olympus';
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^products\[0\]\.fullUrl: Must be a path like/),
        expect.stringMatching(/^products\[0\]\.id: Must be 1–64 letters/),
        expect.stringMatching(/^website\.currency: /),
        expect.stringMatching(/^website\.timeZone: Must be an IANA time zone/),
      ]),
    );
  });

  it('keeps unknown product type codes but not non-integers', () => {
    expect(parseSiteFile(changed((file) => void (product(file, 1).productType = 9))).success).toBe(
      true,
    );
    expect(errorsOf(changed((file) => void (product(file, 1).productType = 0)))[0]).toMatch(
      /^products\[1\]\.productType: /,
    );
  });

  it('rejects duplicate ids, skus and URLs across records', () => {
    const errors = errorsOf(
      changed((file) => {
        product(file, 1).id = 'shirt';
        variant(file, 1, 0).id = 'shirt-s';
        variant(file, 1, 0).sku = 'SH-M';
        product(file, 1).fullUrl = '/about';
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        'products[1].id: Duplicate product id "shirt" (also at products[0].id) (product "shirt")',
        expect.stringMatching(/^products\[1\]\.variants\[0\]\.id: Duplicate variant id "shirt-s"/),
        expect.stringMatching(/^products\[1\]\.variants\[0\]\.sku: Duplicate sku "SH-M"/),
        expect.stringMatching(
          /^products\[1\]\.fullUrl: Duplicate fullUrl "\/about" \(also at pages\[0\]\.fullUrl\)/,
        ),
      ]),
    );
  });

  it('rejects references to records that do not exist', () => {
    const errors = errorsOf(
      changed((file) => {
        product(file, 0).collectionId = 'nope';
        product(file, 1).additionalFieldsFormId = 'missing-form';
        const review = file.reviews?.[0];
        if (review) review.productId = 'ghost';
      }),
    );
    expect(errors).toEqual([
      'products[0].collectionId: No collection with id "nope" (product "shirt")',
      'products[1].additionalFieldsFormId: No form with id "missing-form" (product "mug")',
      'reviews[0].productId: No product with id "ghost" (review "r1")',
    ]);
  });

  it('checks variants against each other and the option ordering', () => {
    const errors = errorsOf(
      changed((file) => {
        variant(file, 0, 1).attributes = { Size: 'S' };
        product(file, 0).variantOptionOrdering = ['Size', 'Color'];
      }),
    );
    expect(errors).toEqual([
      'products[0].variants[1].attributes: Same options as variants[0] (product "shirt", variant "shirt-m")',
      'products[0].variantOptionOrdering: Must list each option name once: Size (product "shirt")',
    ]);
    const mismatched = errorsOf(
      changed((file) => {
        variant(file, 0, 1).attributes = { Colour: 'Red' };
      }),
    );
    expect(mismatched[0]).toMatch(
      /^products\[0\]\.variants\[1\]\.attributes: Every variant needs the same options \(Size\); this one has Colour/,
    );
  });

  it('applies the product rules of the spec', () => {
    const errors = errorsOf(
      changed((file) => {
        Object.assign(product(file, 1), { productType: 2, isSubscribable: true });
        product(file, 0).useCustomAddButtonText = true;
        Object.assign(variant(file, 0, 0), { onSale: true, salePrice: 4500 });
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^products\[1\]\.isSubscribable: Only physical and service products/),
        expect.stringMatching(/^products\[1\]\.subscriptionPlan: A subscribable product needs/),
        expect.stringMatching(/^products\[0\]\.customAddButtonText: Required when/),
        expect.stringMatching(/^products\[0\]\.variants\[0\]\.salePrice: A variant on sale needs/),
      ]),
    );
  });

  it('accepts a subscription plan on a physical product', () => {
    const result = parseSiteFile(
      changed((file) => {
        Object.assign(product(file, 1), {
          isSubscribable: true,
          subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
        });
      }),
    );
    expect(result.success).toBe(true);
  });

  it('enforces the limits on tags, categories and products per collection', () => {
    const errors = errorsOf(
      changed((file) => {
        product(file, 0).tags = ['x'.repeat(51)];
        product(file, 0).categories = ['y'.repeat(26)];
      }),
    );
    expect(errors).toEqual([
      expect.stringMatching(/^products\[0\]\.tags\[0\]: /),
      expect.stringMatching(/^products\[0\]\.categories\[0\]: /),
    ]);

    const crowded = changed((file) => {
      file.products = Array.from({ length: 201 }, (_, i) => ({
        id: `p${i}`,
        collectionId: 'shop',
        title: `Product ${i}`,
        fullUrl: `/shop/p/${i}`,
        productType: 1,
        variants: [{ id: `v${i}`, sku: `SKU-${i}`, price: 100 }],
      }));
      file.reviews = [];
    });
    expect(errorsOf(crowded)).toEqual([
      'products[200].collectionId: More than 200 products in collection "shop" (product "p200")',
    ]);
  });

  it('checks form fields', () => {
    const errors = errorsOf(
      changed((file) => {
        const form = file.forms?.[0];
        if (!form) return;
        form.fields = [
          { id: 'a', type: 'select', required: false },
          { id: 'a', type: 'email', required: false, maxLength: 10 },
          { id: 'c', type: 'hidden', required: false },
          { id: 'd', type: 'colour' as 'text', required: false },
        ];
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        'forms[0].fields[0].options: A select field needs options (form "contact", field "a")',
        'forms[0].fields[1].maxLength: maxLength applies to text and textarea fields only (form "contact", field "a")',
        'forms[0].fields[2].key: A hidden field needs a key (form "contact", field "c")',
        expect.stringMatching(/^forms\[0\]\.fields\[3\]\.type: /),
      ]),
    );
  });

  it('checks type-specific builder settings of form fields', () => {
    const errors = errorsOf(
      changed((file) => {
        const form = file.forms?.[0];
        if (!form) return;
        form.fields = [
          { id: 'a', type: 'text', required: false, currencySymbol: '$' },
          { id: 'b', type: 'section', required: false, placeholder: 'x' },
          { id: 'c', type: 'currency', required: false, currencySymbol: '€' },
          { id: 'd', type: 'phone', required: false, showCountryCode: true },
        ];
      }),
    );
    expect(errors).toEqual([
      'forms[0].fields[0].currencySymbol: A text field takes no currencySymbol (form "contact", field "a")',
      'forms[0].fields[1].placeholder: A section field takes no placeholder (form "contact", field "b")',
    ]);
  });

  it('checks captcha settings and mailing-list connections, whose forms must exist', () => {
    const errors = errorsOf(
      changed((file) => {
        file.website.settings = {
          captchaSettings: { siteKey: 'k', provider: 'hcaptcha' },
          mailingListConnections: [
            { list: 'news', doubleOptIn: true, formIds: ['contact', 'gone'] },
          ],
        };
      }),
    );
    expect(errors).toEqual([
      expect.stringMatching(/^website\.settings\.captchaSettings\.provider: /),
      'website.settings.mailingListConnections[0].formIds[1]: No form with id "gone"',
    ]);
  });

  it('rejects a review date that is not ISO 8601 and ratings outside 1–5', () => {
    const errors = errorsOf(
      changed((file) => {
        const review = file.reviews?.[0];
        if (!review) return;
        review.reviewDate = 'yesterday';
        review.starRating = 6;
      }),
    );
    expect(errors).toEqual([
      'reviews[0].reviewDate: Must be an ISO 8601 date-time, e.g. 2026-03-14T15:09:26Z (review "r1")',
      expect.stringMatching(/^reviews\[0\]\.starRating: /),
    ]);
  });

  it('refuses the reserved settings keys inside website.settings', () => {
    const errors = errorsOf(changed((file) => void (file.website.settings = { currency: 'EUR' })));
    expect(errors).toEqual([
      'website.settings.currency: Set currency on website itself, not inside settings',
    ]);
  });

  it('rejects input that is not an object', () => {
    expect(errorsOf(null)).toEqual([expect.stringMatching(/^\(file\): /)]);
    expect(errorsOf([])).toEqual([expect.stringMatching(/^\(file\): /)]);
  });
});

describe('SiteFileError', () => {
  it('lists the problems, capped at 20 lines', () => {
    const errors = Array.from({ length: 25 }, (_, i) => `products[${i}].title: Must not be empty`);
    const error = new SiteFileError(errors);
    expect(error.errors).toHaveLength(25);
    expect(error.message.split('\n')).toHaveLength(22);
    expect(error.message).toMatch(/^The site file is invalid \(25 problems\):/);
    expect(error.message).toMatch(/… and 5 more$/);
  });
});

describe('formatPath', () => {
  it('writes indexes in brackets and keys with dots', () => {
    expect(formatPath(['products', 1, 'variants', 0, 'price'])).toBe(
      'products[1].variants[0].price',
    );
    expect(formatPath([])).toBe('(file)');
  });
});
