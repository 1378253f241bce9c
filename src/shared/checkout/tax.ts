/**
 * Tax by location: every rule for the destination's country applies, country-wide rules and
 * the rules of its region alike (a state rate and a city rate add up). Each rule's tax is
 * rounded on its own, half up, so the lines shown add up to the total charged.
 */
import { applyBasisPoints } from './money-math.ts';
import type { TaxRuleSetting } from './settings.ts';

export interface AppliedTaxRule {
  readonly id: string;
  readonly name: string;
  readonly country: string;
  readonly region: string | null;
  readonly rateBasisPoints: number;
  readonly taxCents: number;
}

export interface TaxLocation {
  readonly country: string;
  readonly region?: string | null | undefined;
}

export function matchingTaxRules(
  rules: readonly TaxRuleSetting[],
  location: TaxLocation | undefined,
): TaxRuleSetting[] {
  if (!location) return [];
  const region = location.region?.trim().toUpperCase();
  return rules.filter(
    (rule) =>
      rule.country === location.country &&
      (rule.region === undefined || rule.region.trim().toUpperCase() === region),
  );
}

/**
 * Taxes on `taxableCents` (goods after discounts; gift cards are money, not goods, and are
 * left out by the caller) plus shipping for the rules that tax it.
 */
export function computeTaxes(
  rules: readonly TaxRuleSetting[],
  location: TaxLocation | undefined,
  amounts: { taxableCents: number; shippingCents: number },
): { applicableTaxRules: AppliedTaxRule[]; taxCents: number } {
  const applicableTaxRules = matchingTaxRules(rules, location).map((rule) => ({
    id: rule.id,
    name: rule.name,
    country: rule.country,
    region: rule.region ?? null,
    rateBasisPoints: rule.rateBasisPoints,
    taxCents: applyBasisPoints(
      amounts.taxableCents + (rule.appliesToShipping ? amounts.shippingCents : 0),
      rule.rateBasisPoints,
    ),
  }));
  return {
    applicableTaxRules,
    taxCents: applicableTaxRules.reduce((sum, rule) => sum + rule.taxCents, 0),
  };
}
