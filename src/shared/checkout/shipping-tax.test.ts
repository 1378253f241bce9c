import { describe, expect, it } from 'vitest';
import { applyBasisPoints, applyPercent } from './money-math.ts';
import { applicableShippingOptions, cheapestOption, chooseShippingOption } from './shipping.ts';
import { computeTaxes, matchingTaxRules } from './tax.ts';

describe('shipping options', () => {
  const rates = [
    { id: 'a', name: 'A', amountCents: 900, countries: ['US', 'CA'] },
    { id: 'b', name: 'B', amountCents: 500 },
    { id: 'c', name: 'C', amountCents: 500, freeAboveSubtotalCents: 1_000 },
  ];

  it('keeps the rates that serve the country, priced for the cart', () => {
    expect(applicableShippingOptions(rates, { subtotalCents: 999, country: 'FR' })).toEqual([
      { id: 'b', name: 'B', costCents: 500 },
      { id: 'c', name: 'C', costCents: 500 },
    ]);
    expect(
      applicableShippingOptions(rates, { subtotalCents: 1_000, country: 'CA' }).map(
        (o) => o.costCents,
      ),
    ).toEqual([900, 500, 0]);
  });

  it('picks the cheapest, the first listed on a tie, or the requested one', () => {
    const options = applicableShippingOptions(rates, { subtotalCents: 0, country: 'US' });
    expect(cheapestOption(options)?.id).toBe('b');
    expect(cheapestOption([])).toBeUndefined();
    expect(chooseShippingOption(options, undefined)).toEqual({ ok: true, option: options[1] });
    expect(chooseShippingOption(options, 'a')).toEqual({ ok: true, option: options[0] });
    expect(chooseShippingOption(options, 'zzz')).toEqual({
      ok: false,
      reason: 'UNAVAILABLE_OPTION',
    });
  });
});

describe('tax rules', () => {
  const rules = [
    {
      id: 'ca',
      name: 'California',
      country: 'US',
      region: 'CA',
      rateBasisPoints: 725,
      appliesToShipping: false,
    },
    { id: 'vat', name: 'VAT', country: 'GB', rateBasisPoints: 2_000, appliesToShipping: true },
  ];

  it('matches by country and, when the rule has one, region (any case)', () => {
    expect(matchingTaxRules(rules, { country: 'US', region: 'ca' }).map((r) => r.id)).toEqual([
      'ca',
    ]);
    expect(matchingTaxRules(rules, { country: 'US', region: 'NY' })).toEqual([]);
    expect(matchingTaxRules(rules, { country: 'US' })).toEqual([]);
    expect(matchingTaxRules(rules, { country: 'GB', region: null }).map((r) => r.id)).toEqual([
      'vat',
    ]);
    expect(matchingTaxRules(rules, undefined)).toEqual([]);
  });

  it('taxes shipping only where the rule says so', () => {
    expect(
      computeTaxes(rules, { country: 'GB' }, { taxableCents: 1_000, shippingCents: 500 }).taxCents,
    ).toBe(300);
    expect(
      computeTaxes(
        rules,
        { country: 'US', region: 'CA' },
        { taxableCents: 1_000, shippingCents: 500 },
      ).taxCents,
    ).toBe(73);
  });
});

describe('integer money math', () => {
  it('rounds half up', () => {
    expect(applyBasisPoints(1_000, 725)).toBe(73);
    expect(applyBasisPoints(200, 25)).toBe(1); // 0.5 → 1
    expect(applyBasisPoints(199, 25)).toBe(0); // 0.4975 → 0
    expect(applyPercent(3_335, 10)).toBe(334);
    expect(applyBasisPoints(100_000_000_00, 10_000)).toBe(100_000_000_00);
  });
});
