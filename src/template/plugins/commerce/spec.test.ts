// Spec texts of the commerce formatters (docs/behaviour/templates.md#formatter-defaults, docs/behaviour/templates.md#template-data) beyond
// the golden cases: default marks, the real product price with subscription wording.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../index.ts';

const engine = createEngine();
const render = (template: string, context: unknown): string =>
  engine.render(template, context).output;
const usd = (value: string): { value: string; currency: string } => ({ value, currency: 'USD' });

describe('commerce formatters against the spec', () => {
  it("prints 'deprecated, do not use' for cart-subtotal", () => {
    expect(render('{@|cart-subtotal}', {})).toBe('deprecated, do not use');
  });

  it("marks products 'sold out' and 'sale' by default", () => {
    const soldOut = { structuredContent: { productType: 1, variants: [{ qtyInStock: 0 }] } };
    expect(render('{@|product-status}', soldOut)).toContain('>sold out<');
    const sale = { structuredContent: { productType: 2, onSale: true, variants: [] } };
    expect(render('{@|product-status}', sale)).toContain('>sale<');
  });

  it("renders the real price instead of 'not yet implemented'", () => {
    const item = {
      structuredContent: { productType: 1, variants: [{ priceMoney: usd('10.00') }] },
    };
    const out = render('{@|product-price}', item);
    expect(out).toContain('10.00');
    expect(out).not.toContain('not yet implemented');
  });

  it("words subscriptions, and shows 'Unavailable' without a usable plan", () => {
    const product = (subscriptionPlan?: unknown): unknown => ({
      structuredContent: {
        productType: 1,
        isSubscribable: true,
        subscriptionPlan,
        variants: [{ priceMoney: usd('10.00') }],
      },
    });
    const plan = { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 26 };
    expect(render('{@|product-price}', product(plan))).toContain('every 2 weeks for 1 year');
    expect(render('{@|product-price}', product())).toContain('Unavailable');
  });
});
