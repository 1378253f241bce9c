import { describe, expect, it } from 'vitest';
import { FALLBACK_SHOPPER_LANGUAGE, providerLocale, US_TERRITORIES } from './locale.ts';

describe('providerLocale (docs/behaviour/pay-later.md#provider-locales)', () => {
  it('US en; AU en; NZ en', () => {
    expect(providerLocale('en-US', 'US')).toBe('en_US');
    expect(providerLocale('en-AU', 'AU')).toBe('en_AU');
    expect(providerLocale('en-NZ', 'NZ')).toBe('en_NZ');
  });

  it('CA en or fr', () => {
    expect(providerLocale('fr-CA', 'CA')).toBe('fr_CA');
    expect(providerLocale('en-CA', 'CA')).toBe('en_CA');
  });

  it("defaults to the country's first language", () => {
    expect(providerLocale('de-DE', 'CA')).toBe('en_CA');
    expect(providerLocale('fr-FR', 'US')).toBe('en_US');
  });

  it('falls back to en_US for countries without the provider', () => {
    expect(FALLBACK_SHOPPER_LANGUAGE).toBe('en_US');
    expect(providerLocale('de-DE', 'DE')).toBe('en_US');
  });

  it('counts the US territories as the US', () => {
    expect(US_TERRITORIES).toEqual(['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM']);
    for (const territory of US_TERRITORIES) expect(providerLocale('en', territory)).toBe('en_US');
  });
});
