/**
 * What search engines and link previews read in a page's head: the description, the canonical
 * address, Open Graph and Twitter card tags with the page's picture, and JSON-LD: the site's
 * `Organization` on every page, a `BreadcrumbList` on collection and product pages, and on a
 * product page its `Product` with one `Offer` per variant (price, currency, availability) and
 * the `AggregateRating` of its reviews. Built from the page's template data, which the page has
 * already loaded, so it costs no query.
 */

interface ImageData {
  readonly assetUrl?: string;
  readonly originalSize?: string;
}
interface VariantData {
  readonly sku?: string;
  readonly price?: number;
  readonly salePrice?: number;
  readonly onSale?: boolean;
  readonly unlimited?: boolean;
  readonly qtyInStock?: number;
}
interface ItemData {
  readonly title?: string;
  readonly fullUrl?: string;
  readonly excerpt?: string;
  readonly description?: string;
  readonly items?: readonly ImageData[];
  readonly structuredContent?: {
    readonly productType?: number;
    readonly variants?: readonly VariantData[];
  };
}
interface NamedPage {
  readonly title?: string;
  readonly fullUrl?: string;
  readonly description?: string;
}

export interface SeoInput {
  readonly baseUrl: string;
  readonly siteTitle: string;
  readonly currency: string;
  /** The site's footer settings: its text describes the site, its links and contacts the business. */
  readonly footer: {
    readonly text?: string;
    readonly socialLinks: readonly { readonly url: string }[];
    readonly contact?: { readonly email?: string; readonly phone?: string };
  };
  /** The page's template data (`item`, `collection`, `page`, `reviews`, `home`). */
  readonly page: Readonly<Record<string, unknown>>;
  readonly isHome: boolean;
}

export type JsonLd = Record<string, unknown>;

export interface SeoContext {
  readonly description?: string;
  readonly canonical?: string;
  readonly ogType: 'website' | 'product' | 'article';
  readonly image?: string;
  readonly jsonLd: readonly JsonLd[];
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** Plain text of at most 160 characters, cut at a word, from text that may hold HTML. */
export function metaDescription(value: string): string {
  const plain = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= 160) return plain;
  const cut = plain.slice(0, 159);
  const space = cut.lastIndexOf(' ');
  return `${(space > 100 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

function absolute(baseUrl: string, path: string): string {
  return new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href;
}

/** A stored original's 1000w rendition, else the address as written (a web address). */
function imageUrl(baseUrl: string, image: ImageData | undefined): string | undefined {
  const url = image?.assetUrl;
  if (url === undefined || url === '') return undefined;
  return absolute(baseUrl, image?.originalSize === undefined ? url : `${url}?format=1000w`);
}

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';
/** Digital goods and gift cards never run out. */
const NEVER_SOLD_OUT = new Set([2, 4]);

/** Minor units as the decimal string schema.org's `price` takes ("54.00"). */
function decimalPrice(minor: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return (minor / 10 ** digits).toFixed(digits);
}

export function productJsonLd(
  item: ItemData,
  input: Pick<SeoInput, 'baseUrl' | 'currency'>,
  reviews?: { readonly averageRating?: unknown; readonly count?: unknown },
): JsonLd {
  const url = absolute(input.baseUrl, item.fullUrl ?? '/');
  const images = (item.items ?? [])
    .map((image) => imageUrl(input.baseUrl, image))
    .filter((image): image is string => image !== undefined);
  const neverSoldOut = NEVER_SOLD_OUT.has(item.structuredContent?.productType ?? 1);
  const offers = (item.structuredContent?.variants ?? []).map((variant) => {
    const inStock = neverSoldOut || variant.unlimited === true || (variant.qtyInStock ?? 0) > 0;
    const minor = variant.onSale === true ? (variant.salePrice ?? 0) : (variant.price ?? 0);
    return {
      '@type': 'Offer',
      ...(variant.sku ? { sku: variant.sku } : {}),
      price: decimalPrice(minor, input.currency),
      priceCurrency: input.currency,
      availability: inStock ? IN_STOCK : OUT_OF_STOCK,
      url,
    };
  });
  const description = text(item.excerpt) ?? text(item.description);
  const count = typeof reviews?.count === 'number' ? reviews.count : 0;
  const average = typeof reviews?.averageRating === 'number' ? reviews.averageRating : 0;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.title ?? '',
    url,
    ...(description === undefined ? {} : { description: metaDescription(description) }),
    ...(images.length > 0 ? { image: images } : {}),
    ...(offers.length > 0 ? { offers } : {}),
    ...(count > 0 && average > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: average,
            reviewCount: count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export function breadcrumbJsonLd(
  baseUrl: string,
  trail: readonly { readonly name: string; readonly path: string }[],
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: absolute(baseUrl, step.path),
    })),
  };
}

export function organizationJsonLd(input: SeoInput): JsonLd {
  const contact = input.footer.contact;
  const sameAs = input.footer.socialLinks.map((link) => link.url);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: input.siteTitle,
    url: absolute(input.baseUrl, '/'),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(contact?.email ? { email: contact.email } : {}),
    ...(contact?.phone ? { telephone: contact.phone } : {}),
  };
}

/** The page's head tags' values; `canonical` only for pages that have an address of their own. */
export function seoContext(input: SeoInput): SeoContext {
  const item = record(input.page.item) as ItemData | undefined;
  const collection = record(input.page.collection ?? input.page.breadcrumbCollection) as
    NamedPage | undefined;
  const page = record(input.page.page) as NamedPage | undefined;
  const isProduct = item?.structuredContent !== undefined;
  const home = record(input.page.home);
  const hero = record(home?.hero);
  const heroPicture = record(hero?.picture) as ImageData | undefined;
  const path = input.isHome ? '/' : (item?.fullUrl ?? collection?.fullUrl ?? page?.fullUrl);
  const describing =
    text(item?.excerpt) ??
    text(item?.description) ??
    text(collection?.description) ??
    text(page?.description) ??
    (input.isHome ? (text(hero?.text) ?? text(input.footer.text)) : undefined);
  const jsonLd: JsonLd[] = [organizationJsonLd(input)];
  if (isProduct && item) {
    jsonLd.push(productJsonLd(item, input, record(input.page.reviews)));
    const trail = [{ name: input.siteTitle, path: '/' }];
    if (collection?.title && collection.fullUrl)
      trail.push({ name: collection.title, path: collection.fullUrl });
    trail.push({ name: item.title ?? '', path: item.fullUrl ?? '/' });
    jsonLd.push(breadcrumbJsonLd(input.baseUrl, trail));
  } else if (collection?.title && collection.fullUrl && !item) {
    jsonLd.push(
      breadcrumbJsonLd(input.baseUrl, [
        { name: input.siteTitle, path: '/' },
        { name: collection.title, path: collection.fullUrl },
      ]),
    );
  }
  const image = imageUrl(input.baseUrl, item?.items?.[0] ?? heroPicture);
  return {
    ...(describing === undefined ? {} : { description: metaDescription(describing) }),
    ...(path === undefined ? {} : { canonical: absolute(input.baseUrl, path) }),
    ogType: isProduct ? 'product' : item ? 'article' : 'website',
    ...(image === undefined ? {} : { image }),
    jsonLd,
  };
}
