import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  countryChoices,
  postalCodeProblem,
  regionProblem,
  shippingCountries,
  subdivisionsOf,
} from './countries.ts';

describe('checkout countries', () => {
  it('lists the 249 assigned ISO 3166-1 codes, each named by the runtime', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    const named = countryChoices(COUNTRY_CODES, 'en-US');
    expect(named.filter((choice) => choice.label === choice.value)).toEqual([]);
  });

  it('names countries in the site’s language, sorted as that language sorts', () => {
    expect(countryChoices(['US', 'DE', 'CA'], 'en-US').map((c) => c.label)).toEqual([
      'Canada',
      'Germany',
      'United States',
    ]);
    expect(countryChoices(['US', 'DE'], 'fr-FR')).toEqual([
      { value: 'DE', label: 'Allemagne' },
      { value: 'US', label: 'États-Unis' },
    ]);
    // A malformed language falls back to English rather than failing the page.
    expect(countryChoices(['DE'], 'not a tag!')[0]?.label).toBe('Germany');
  });

  it('offers the countries some rate reaches, or all when a rate names none', () => {
    const rate = { id: 'r', name: 'R', amountCents: 1 };
    expect(shippingCountries({ shippingRates: [{ ...rate, countries: ['US', 'CA'] }] })).toEqual([
      'CA',
      'US',
    ]);
    expect(
      shippingCountries({ shippingRates: [{ ...rate, countries: ['US'] }, rate] }),
    ).toHaveLength(249);
    expect(shippingCountries({ shippingRates: [] })).toHaveLength(249);
  });

  it('checks postal codes where the shape is known and accepts any elsewhere', () => {
    expect(postalCodeProblem('US', '12207')).toBeUndefined();
    expect(postalCodeProblem('US', '12207-1234')).toBeUndefined();
    expect(postalCodeProblem('US', '1220')).toBe('Enter a ZIP code such as 12207 or 12207-1234');
    expect(postalCodeProblem('CA', 'k1a 0b1')).toBeUndefined();
    expect(postalCodeProblem('GB', 'SW1A 1AA')).toBeUndefined();
    expect(postalCodeProblem('GB', '12345')).toBe('Enter a postcode such as SW1A 1AA');
    expect(postalCodeProblem('IE', 'D02 X285')).toBeUndefined();
  });

  it('requires a state or province from the list where the country has one', () => {
    expect(subdivisionsOf('US')?.label).toBe('State');
    expect(subdivisionsOf('US')?.choices).toContainEqual({ value: 'NY', label: 'New York' });
    expect(subdivisionsOf('CA')?.choices).toHaveLength(13);
    expect(subdivisionsOf('FR')).toBeUndefined();
    expect(regionProblem('US', 'ny')).toBeUndefined();
    expect(regionProblem('US', undefined)).toBe('Required');
    expect(regionProblem('US', 'Narnia')).toBe('Choose a state from the list');
    expect(regionProblem('CA', 'XX')).toBe('Choose a province from the list');
    expect(regionProblem('FR', undefined)).toBeUndefined();
  });
});
