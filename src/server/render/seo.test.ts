import { describe, expect, it } from 'vitest';
import {
  breadcrumbJsonLd,
  metaDescription,
  productJsonLd,
  seoContext,
  type JsonLd,
} from './seo.ts';

const BASE = 'https://shop.example';

const shirt = {
  title: 'Linen Shirt',
  fullUrl: '/shop/p/linen-shirt',
  excerpt: 'A relaxed camp-collar shirt in washed European linen.',
  items: [{ assetUrl: '/images/v1/linen-shirt-sand.jpg', originalSize: '1600x2000' }],
  structuredContent: {
    productType: 1,
    variants: [
      { sku: 'LS-SAND-S', price: 6800, salePrice: 0, onSale: false, qtyInStock: 12 },
      { sku: 'LS-SAND-L', price: 6800, salePrice: 0, onSale: false, qtyInStock: 0 },
      { sku: 'LS-INDIGO-S', price: 7200, salePrice: 5400, onSale: true, qtyInStock: 5 },
    ],
  },
};

/**
 * The fields a Product needs for search engines' product results (schema.org's Product with
 * Google's required and recommended properties): a name, and offers each with a price, a
 * currency and an availability from schema.org's ItemAvailability; an aggregate rating, when
 * given, with its value and count.
 */
function productProblems(product: JsonLd): string[] {
  const problems: string[] = [];
  if (product['@context'] !== 'https://schema.org') problems.push('@context');
  if (product['@type'] !== 'Product') problems.push('@type');
  if (typeof product.name !== 'string' || product.name === '') problems.push('name');
  const offers = product.offers;
  if (!Array.isArray(offers) || offers.length === 0) problems.push('offers');
  for (const offer of Array.isArray(offers) ? (offers as Record<string, unknown>[]) : []) {
    if (offer['@type'] !== 'Offer') problems.push('offer @type');
    if (typeof offer.price !== 'string' || !/^\d+(\.\d+)?$/.test(offer.price))
      problems.push('offer price');
    if (typeof offer.priceCurrency !== 'string' || !/^[A-Z]{3}$/.test(offer.priceCurrency))
      problems.push('offer priceCurrency');
    if (
      typeof offer.availability !== 'string' ||
      !offer.availability.startsWith('https://schema.org/')
    )
      problems.push('offer availability');
  }
  const rating = product.aggregateRating as Record<string, unknown> | undefined;
  if (rating !== undefined) {
    if (rating['@type'] !== 'AggregateRating') problems.push('rating @type');
    if (typeof rating.ratingValue !== 'number') problems.push('ratingValue');
    if (typeof rating.reviewCount !== 'number' || rating.reviewCount < 1)
      problems.push('reviewCount');
  }
  if (!Array.isArray(product.image) || product.image.length === 0) problems.push('image');
  return problems;
}

/**
 * schema.org's BreadcrumbList as search engines read it: a list of ListItems, each with its
 * 1-based position in order, a name, and an absolute address.
 */
function breadcrumbProblems(list: JsonLd): string[] {
  const problems: string[] = [];
  if (list['@context'] !== 'https://schema.org') problems.push('@context');
  if (list['@type'] !== 'BreadcrumbList') problems.push('@type');
  const items = list.itemListElement;
  if (!Array.isArray(items) || items.length === 0) problems.push('itemListElement');
  (Array.isArray(items) ? (items as Record<string, unknown>[]) : []).forEach((step, index) => {
    if (step['@type'] !== 'ListItem') problems.push(`${index} @type`);
    if (step.position !== index + 1) problems.push(`${index} position`);
    if (typeof step.name !== 'string' || step.name === '') problems.push(`${index} name`);
    if (typeof step.item !== 'string' || !/^https?:\/\//.test(step.item))
      problems.push(`${index} item`);
  });
  return problems;
}

/** schema.org's Organization for a site: a name and an absolute address; sameAs addresses. */
function organizationProblems(organization: JsonLd): string[] {
  const problems: string[] = [];
  if (organization['@context'] !== 'https://schema.org') problems.push('@context');
  if (organization['@type'] !== 'Organization') problems.push('@type');
  if (typeof organization.name !== 'string' || organization.name === '') problems.push('name');
  if (typeof organization.url !== 'string' || !/^https?:\/\//.test(organization.url))
    problems.push('url');
  const sameAs = organization.sameAs;
  if (
    sameAs !== undefined &&
    (!Array.isArray(sameAs) || !sameAs.every((url) => /^https:\/\//.test(String(url))))
  )
    problems.push('sameAs');
  return problems;
}

describe('productJsonLd', () => {
  it('has every field a Product needs, with one offer per variant', () => {
    const product = productJsonLd(
      shirt,
      { baseUrl: BASE, currency: 'USD' },
      {
        averageRating: 4.5,
        count: 12,
      },
    );
    expect(productProblems(product)).toEqual([]);
    expect(product.offers).toEqual([
      expect.objectContaining({
        sku: 'LS-SAND-S',
        price: '68.00',
        availability: 'https://schema.org/InStock',
      }),
      expect.objectContaining({ sku: 'LS-SAND-L', availability: 'https://schema.org/OutOfStock' }),
      expect.objectContaining({ sku: 'LS-INDIGO-S', price: '54.00', priceCurrency: 'USD' }),
    ]);
    expect(product.image).toEqual([`${BASE}/images/v1/linen-shirt-sand.jpg?format=1000w`]);
    expect(product.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('writes prices in the currency’s own digits, and leaves out a rating without reviews', () => {
    const product = productJsonLd(shirt, { baseUrl: BASE, currency: 'JPY' });
    expect((product.offers as { price: string }[])[0]?.price).toBe('6800');
    expect(product.aggregateRating).toBeUndefined();
  });

  it('never marks a gift card or a digital product out of stock', () => {
    const card = {
      ...shirt,
      structuredContent: { productType: 4, variants: [{ sku: 'G', price: 2500, qtyInStock: 0 }] },
    };
    const product = productJsonLd(card, { baseUrl: BASE, currency: 'USD' });
    expect((product.offers as { availability: string }[])[0]?.availability).toBe(
      'https://schema.org/InStock',
    );
  });

  it('the checker itself refuses a product missing its required fields', () => {
    expect(productProblems({ '@context': 'https://schema.org', '@type': 'Product' })).toEqual([
      'name',
      'offers',
      'image',
    ]);
  });
});

describe('seoContext', () => {
  const footer = {
    text: 'Made in small runs.',
    socialLinks: [{ url: 'https://www.instagram.com/x' }],
    contact: { email: 'hi@shop.example' },
  };

  it('describes a product page: canonical, product type, image, breadcrumb, organization', () => {
    const seo = seoContext({
      baseUrl: BASE,
      siteTitle: 'Shop',
      currency: 'USD',
      footer,
      isHome: false,
      page: { item: shirt, breadcrumbCollection: { title: 'All', fullUrl: '/shop' } },
    });
    expect(seo.canonical).toBe(`${BASE}/shop/p/linen-shirt`);
    expect(seo.ogType).toBe('product');
    expect(seo.description).toBe(shirt.excerpt);
    expect(seo.image).toBe(`${BASE}/images/v1/linen-shirt-sand.jpg?format=1000w`);
    expect(seo.jsonLd.map((entry) => entry['@type'])).toEqual([
      'Organization',
      'Product',
      'BreadcrumbList',
    ]);
    expect(organizationProblems(seo.jsonLd[0] ?? {})).toEqual([]);
    expect(productProblems(seo.jsonLd[1] ?? {})).toEqual([]);
    expect(breadcrumbProblems(seo.jsonLd[2] ?? {})).toEqual([]);
    expect(seo.jsonLd[0]).toMatchObject({
      name: 'Shop',
      url: `${BASE}/`,
      sameAs: ['https://www.instagram.com/x'],
      email: 'hi@shop.example',
    });
    expect(seo.jsonLd[2]).toEqual(
      breadcrumbJsonLd(BASE, [
        { name: 'Shop', path: '/' },
        { name: 'All', path: '/shop' },
        { name: 'Linen Shirt', path: '/shop/p/linen-shirt' },
      ]),
    );
  });

  it('describes the home page from the site file', () => {
    const seo = seoContext({
      baseUrl: BASE,
      siteTitle: 'Shop',
      currency: 'USD',
      footer,
      isHome: true,
      page: { home: {} },
    });
    expect(seo).toMatchObject({
      canonical: `${BASE}/`,
      ogType: 'website',
      description: 'Made in small runs.',
    });
  });
});

describe('metaDescription', () => {
  it('strips markup and cuts long text at a word, within 160 characters', () => {
    expect(metaDescription('<p>A <b>soft</b>\n shirt.</p>')).toBe('A soft shirt.');
    const long = metaDescription('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
  });
});

describe('the checkers', () => {
  it('refuse a breadcrumb and an organization missing what search engines need', () => {
    expect(
      breadcrumbProblems({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [{ '@type': 'ListItem', position: 2, name: '', item: '/shop' }],
      }),
    ).toEqual(['0 position', '0 name', '0 item']);
    expect(organizationProblems({ '@type': 'Organization', sameAs: ['http://x'] })).toEqual([
      '@context',
      'name',
      'url',
      'sameAs',
    ]);
  });

  it('pass a collection page’s breadcrumb', () => {
    const seo = seoContext({
      baseUrl: BASE,
      siteTitle: 'Shop',
      currency: 'USD',
      footer: { socialLinks: [] },
      isHome: false,
      page: { collection: { title: 'All', fullUrl: '/shop' } },
    });
    expect(seo.jsonLd.map((entry) => entry['@type'])).toEqual(['Organization', 'BreadcrumbList']);
    expect(breadcrumbProblems(seo.jsonLd[1] ?? {})).toEqual([]);
    expect(organizationProblems(seo.jsonLd[0] ?? {})).toEqual([]);
  });
});
