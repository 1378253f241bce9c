import { describe, expect, it } from 'vitest';
import { pageProps } from '../../../islands/cart-page/testing/cart-fixtures.ts';
import { cartPageIslandProps } from './cart-island-props.ts';

/** The template's `cartPage` node as the cart page route leaves it, and the context root. */
function nodeFor(island: Record<string, unknown>) {
  return { island, payLaterTeaser: null };
}
const root = { website: { language: 'en-GB' } };

/** What the cart page route builds: the island's props but the language and the teaser. */
function routeBase() {
  const base: Partial<ReturnType<typeof pageProps>> = pageProps();
  delete base.locale;
  delete base.payLaterTeaser;
  return { ...base, entries: pageProps().entries };
}

describe("the cart page island's props", () => {
  it("are the route's cart with the site's language, as the island reads them", () => {
    expect(cartPageIslandProps(nodeFor(routeBase()), root)).toEqual({
      ...pageProps(),
      locale: 'en-GB',
    });
  });

  // The browser reads them without parsing them again (ADR 019), so a shape the island cannot
  // read is refused here and the widget renders nothing.
  it('are refused when they do not have the shape the island reads', () => {
    const base = routeBase();
    expect(cartPageIslandProps(nodeFor({ ...base, currency: 'dollars' }), root)).toBeUndefined();
    const [first] = base.entries;
    const brokenLine = { ...first, quantity: -1 };
    expect(cartPageIslandProps(nodeFor({ ...base, entries: [brokenLine] }), root)).toBeUndefined();
  });

  it('are none where the node is not the cart page', () => {
    expect(cartPageIslandProps({}, root)).toBeUndefined();
  });
});
