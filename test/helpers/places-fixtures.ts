/**
 * What a fake places provider answers in the address-autocomplete tests (the component tests and
 * the Chromium checkout test): two predictions for "1 Main St" and the Boston one's details, in
 * the Google Places web service's shapes that the places proxy forwards.
 */
export const MAIN_STREET_PREDICTIONS = {
  status: 'OK',
  predictions: [
    { description: '1 Main St, Albany, NY, USA', place_id: 'place-albany' },
    { description: '1 Main St, Boston, MA, USA', place_id: 'place-boston' },
  ],
};

export const BOSTON_DETAILS = {
  status: 'OK',
  result: {
    address_components: [
      { long_name: '1', short_name: '1', types: ['street_number'] },
      { long_name: 'Main Street', short_name: 'Main St', types: ['route'] },
      { long_name: 'Boston', short_name: 'Boston', types: ['locality', 'political'] },
      {
        long_name: 'Massachusetts',
        short_name: 'MA',
        types: ['administrative_area_level_1', 'political'],
      },
      { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
      { long_name: '02108', short_name: '02108', types: ['postal_code'] },
    ],
  },
};
