/** A cart page's props and the JSON cart API's answers for it, for the island's tests. */
import type { CartLine, CartPageProps } from '../props.ts';

export const SHIRT: CartLine = {
  id: 'entry-shirt',
  itemId: 'linen-shirt',
  sku: 'SHIRT-M-SAND',
  title: 'Linen Shirt',
  fullUrl: '/shop/p/linen-shirt',
  image: { url: '/images/shirt.jpg?format=300w', altText: 'Linen shirt in sand' },
  quantity: 2,
  quantityEditable: true,
  attributes: [
    { name: 'Size', value: 'M' },
    { name: 'Colour', value: 'Sand' },
  ],
  answers: [],
  additionalFields: null,
  form: null,
  unitPriceCents: 6800,
  subTotalCents: 13600,
};

export const PEN: CartLine = {
  id: 'entry-pen',
  itemId: 'engraved-pen',
  sku: 'PEN-1',
  title: 'Engraved Pen',
  fullUrl: '/shop/p/engraved-pen',
  image: null,
  quantity: 1,
  quantityEditable: true,
  attributes: [],
  answers: [
    { title: 'Engraving', value: 'Ada' },
    { title: 'Gift wrap', value: 'Yes' },
  ],
  additionalFields: { engraving: 'Ada', wrap: 'Yes', extras: ['Card'], rate: { Service: 'Agree' } },
  form: {
    formId: 'engraving-form',
    fields: [
      { id: 'engraving', type: 'text', title: 'Engraving', required: true, maxLength: 20 },
      { id: 'wrap', type: 'select', title: 'Gift wrap', options: ['Yes', 'No'] },
      { id: 'extras', type: 'checkbox', title: 'Extras', options: ['Box', 'Card'] },
      { id: 'rate', type: 'likert', title: 'Rate us', options: ['Service', 'Speed'] },
    ],
  },
  unitPriceCents: 2500,
  subTotalCents: 2500,
};

export function pageProps(entries: readonly CartLine[] = [SHIRT, PEN]): CartPageProps {
  const subtotalCents = entries.reduce((sum, line) => sum + line.subTotalCents, 0);
  return {
    currency: 'USD',
    locale: 'en-US',
    checkoutUrl: '/checkout',
    shopUrl: '/shop',
    quantityMin: 1,
    quantityMax: 9999,
    subtotalCents,
    totalQuantity: entries.reduce((sum, line) => sum + line.quantity, 0),
    productTypes: [1],
    entries: [...entries],
    payLaterTeaser: null,
  };
}

/** The API's cart holding these lines (title, quantity, price and answers as given). */
export function apiCart(
  lines: readonly Pick<
    CartLine,
    'id' | 'itemId' | 'sku' | 'title' | 'quantity' | 'unitPriceCents' | 'additionalFields'
  >[],
) {
  const entries = lines.map((line) => ({
    id: line.id,
    itemId: line.itemId,
    quantity: line.quantity,
    chosenVariant: { sku: line.sku, attributes: {} },
    title: line.title,
    subTotal: line.quantity * line.unitPriceCents,
    purchasePriceCents: line.unitPriceCents,
    additionalFields: line.additionalFields,
  }));
  return {
    id: 'cart-1',
    entries,
    items: lines.map((line) => ({ itemId: line.itemId, productType: 1 })),
    subtotalCents: entries.reduce((sum, entry) => sum + entry.subTotal, 0),
    totalQuantity: entries.reduce((sum, entry) => sum + entry.quantity, 0),
  };
}
