/**
 * The cart page island's props (src/islands/cart-page/props.ts): the cart page's view of the
 * cart with each entry's extra-fields form, then, when the `cart-page` widget renders, the
 * site's language and the pay-later teaser the merchandising context added to the page. They are
 * checked here against the island's schema, so the browser reads them without fetching it
 * (docs/adr/019-island-props-checked-where-they-are-built.md).
 */
import { cartPageProps, type CartPageProps } from '../../../islands/cart-page/props.ts';
import type { CartView } from './cart-view.ts';
import type { EntryForm } from './entry-forms.ts';

/** What the cart page route knows; the widget adds what the rest of the context holds. */
export type CartIslandBase = Omit<CartPageProps, 'locale' | 'payLaterTeaser'>;

export function cartIslandBase(
  view: CartView,
  forms: ReadonlyMap<string, EntryForm>,
  page: {
    readonly currency: string;
    readonly checkoutUrl: string;
    readonly shopUrl: string;
    readonly quantityMin: number;
    readonly quantityMax: number;
  },
): CartIslandBase {
  return {
    ...page,
    subtotalCents: view.subtotalCents,
    totalQuantity: view.totalQuantity,
    productTypes: [...view.productTypes],
    entries: view.entries.map((entry) => {
      const form = forms.get(entry.id);
      return {
        id: entry.id,
        itemId: entry.itemId,
        sku: entry.sku,
        title: entry.title,
        fullUrl: entry.fullUrl,
        image: entry.image,
        quantity: entry.quantity,
        quantityEditable: entry.quantityEditable,
        attributes: [...entry.attributes],
        answers: [...entry.answers],
        additionalFields: entry.additionalFields,
        form: form ? { formId: form.formId, fields: [...form.fields] } : null,
        unitPriceCents: entry.unitPriceCents,
        subTotalCents: entry.subTotalCents,
      };
    }),
  };
}

type Rec = Readonly<Record<string, unknown>>;
const rec = (value: unknown): Rec =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Rec) : {};

/**
 * The island's props from the template's `cartPage` node and the context root; undefined when
 * the node is not the cart page's, or when they do not have the shape the island reads (the
 * widget then renders nothing, as the island did when it refused them in the browser).
 */
export function cartPageIslandProps(node: unknown, root: unknown): CartPageProps | undefined {
  const page = rec(node);
  const island = page.island as CartIslandBase | undefined;
  if (!island || !Array.isArray(rec(island).entries)) return undefined;
  const language = rec(rec(root).website).language;
  const teaser = page.payLaterTeaser;
  let payLaterTeaser: CartPageProps['payLaterTeaser'] = null;
  if (teaser !== undefined && teaser !== null) {
    // `shown` is the template's switch; the island decides again as the cart changes.
    payLaterTeaser = Object.fromEntries(
      Object.entries(rec(teaser)).filter(([key]) => key !== 'shown'),
    ) as CartPageProps['payLaterTeaser'];
  }
  const props = cartPageProps.safeParse({
    ...island,
    locale: typeof language === 'string' ? language : 'en-US',
    payLaterTeaser,
  });
  return props.success ? props.data : undefined;
}
