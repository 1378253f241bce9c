/** Page type codes as an owner reads them (the spec's numeric page types). */
const PAGE_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'Collection',
  2: 'Page',
  3: 'Splash page',
  50: 'Product or item',
  100: 'Not found',
  101: 'Error',
  102: 'Search',
  103: 'Lock screen',
  104: 'Popup',
  105: 'Protected content',
  106: 'Member area denied',
  200: 'Cart',
  201: 'Checkout',
  202: 'Order confirmed',
  203: 'Donate',
  204: 'Contribution confirmed',
  205: 'Cart',
  206: 'Subscription confirmed',
  207: 'Order received',
  208: 'Membership confirmed',
  300: 'Newsletter unsubscribe',
  301: 'Email preview',
};

/** "Checkout (201)", "Other" for none, the bare code for one not named. */
export function pageTypeName(code: number | string | null): string {
  if (code === null) return 'Other';
  const name = PAGE_TYPE_NAMES[Number(code)];
  return name === undefined ? `Page type ${String(code)}` : `${name} (${String(code)})`;
}
