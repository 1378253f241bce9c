/**
 * Differences the differential harness found in the price helpers: what is fixed to the
 * reference, and the `cldr-money-site-setting` deviation of docs/adr/002, whose stand-in must
 * explain the reference's output.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';
import { explain } from './deviations.ts';
import type { DiffInput } from './reference.ts';

const engine = createEngine();
const render = (template: string, context: unknown): string =>
  engine.render(template, context, { locale: 'en-US', now: 0 }).output;

function explainedBy(template: string, context: unknown, reference: string): string | null {
  const input: DiffInput = {
    template,
    context,
    partials: {},
    injects: {},
    locale: 'en-US',
    now: 0,
  };
  const d = explain(input, reference);
  return d === null || d === 'several' ? d : d.id;
}

const product = (qty: number, money: Record<string, string>): unknown => ({
  structuredContent: { productType: 1, variants: [{ qtyInStock: qty, priceMoney: money }] },
});
const block = (price: string): string => `\n\n\n<div class="product-price">\n${price}\n</div>`;

describe('cldr-money-site-setting', () => {
  const t = '{item|product-price}';

  it("formats prices through CLDR when the website's setting is on", () => {
    const item = product(3, { value: '5.00', currency: 'USD' });
    expect(render(t, { item, website: { useCLDRMoneyFormat: true } })).toBe(block('$5.00'));
    expect(render(t, { item, featureFlags: { useCLDRMoneyFormat: true } })).toBe(block('$5.00'));
    expect(render(t, { item })).toBe(block('<span class="sqs-money-native">5.00</span>'));
  });

  it('explains the reference, which reads the feature flag only', () => {
    // The harness's shrunk case: a sold-out product with a zero price.
    const context = {
      item: product(0, { decimalValue: '0.00', currencyCode: 'USD' }),
      website: { useCLDRMoneyFormat: true },
    };
    expect(render(t, context)).toBe(block('$0.00'));
    const theirs = block('<span class="sqs-money-native">0.00</span>');
    expect(explainedBy(t, context, theirs)).toBe('cldr-money-site-setting');
  });
});
