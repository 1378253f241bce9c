// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { placeAddress } from './place-address.ts';
import {
  DETAILS_CONTEXT_ERROR,
  fetchAddress,
  fetchSuggestions,
  PlacesUnavailableError,
} from './places-api.ts';
import { readAddressAutocompleteProps } from './props.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function answer(status: number, body: unknown) {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('places proxy calls', () => {
  it('logs the console error when a details call lacks productPage or productSection, and still calls', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetch = answer(200, { status: 'OK', result: {} });
    await fetchAddress('p1', 'token', { productPage: 'checkout' });
    await fetchAddress('p1', 'token', { productSection: 'shipping-address' });
    expect(errors.mock.calls).toEqual([[DETAILS_CONTEXT_ERROR], [DETAILS_CONTEXT_ERROR]]);
    expect(fetch).toHaveBeenCalledTimes(2);
    errors.mockClear();
    await fetchAddress('p1', 'token', { productPage: 'checkout', productSection: 'address' });
    expect(errors).not.toHaveBeenCalled();
  });

  it('reads predictions, and none from ZERO_RESULTS or an odd answer', async () => {
    answer(200, {
      status: 'OK',
      predictions: [{ description: 'A', place_id: 'a' }, { description: 'no id' }, null],
    });
    await expect(fetchSuggestions('abc', 't', {})).resolves.toEqual([
      { placeId: 'a', description: 'A' },
    ]);
    answer(200, { status: 'ZERO_RESULTS', predictions: [] });
    await expect(fetchSuggestions('abc', 't', {})).resolves.toEqual([]);
    answer(200, 'odd');
    await expect(fetchSuggestions('abc', 't', {})).resolves.toEqual([]);
  });

  it('turns a 503, a 502 and an unreachable proxy into PlacesUnavailableError', async () => {
    for (const status of [503, 502]) {
      answer(status, { error: 'x' });
      await expect(fetchSuggestions('abc', 't', {})).rejects.toBeInstanceOf(PlacesUnavailableError);
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(fetchSuggestions('abc', 't', {})).rejects.toBeInstanceOf(PlacesUnavailableError);
  });
});

describe('a place’s address', () => {
  it('reads street number and route, locality, region code, postal code and country code', () => {
    const component = (long: string, short: string, ...types: string[]) => ({
      long_name: long,
      short_name: short,
      types,
    });
    expect(
      placeAddress({
        result: {
          address_components: [
            component('221B', '221B', 'street_number'),
            component('Baker Street', 'Baker St', 'route'),
            component('London', 'London', 'postal_town'),
            component('England', 'England', 'administrative_area_level_1'),
            component('NW1 6XE', 'NW1 6XE', 'postal_code'),
            component('United Kingdom', 'GB', 'country', 'political'),
          ],
        },
      }),
    ).toEqual({
      line1: '221B Baker Street',
      city: 'London',
      region: 'England',
      postalCode: 'NW1 6XE',
      country: 'GB',
    });
    expect(placeAddress({ result: { address_components: [] } })).toBeUndefined();
    expect(placeAddress(null)).toBeUndefined();
  });
});

describe('the island’s props', () => {
  it('takes element ids only', () => {
    const props = {
      inputId: 'checkout-line1',
      listboxId: 'list',
      fieldIds: { city: 'c', region: 'r', postalCode: 'p', country: 'k' },
    };
    expect(readAddressAutocompleteProps(props)).toEqual(props);
    expect(readAddressAutocompleteProps({ ...props, inputId: '"><script>' })).toBeUndefined();
    expect(readAddressAutocompleteProps({ ...props, fieldIds: { city: 'c' } })).toBeUndefined();
    expect(readAddressAutocompleteProps('x')).toBeUndefined();
  });
});
