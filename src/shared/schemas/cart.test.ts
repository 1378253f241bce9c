import { describe, expect, it } from 'vitest';
import {
  addEntryBody,
  answersFromForm,
  cartAddForm,
  optionsFromForm,
  updateAdditionalFieldsBody,
} from './cart.ts';

describe('cart bodies', () => {
  it('reads the add-entry payload of the spec', () => {
    expect(
      addEntryBody.parse({ itemId: 'shirt', sku: null, quantity: 2, additionalFields: null }),
    ).toEqual({
      itemId: 'shirt',
      sku: null,
      quantity: 2,
      additionalFields: null,
    });
  });

  it('names wrongly typed fields', () => {
    const result = addEntryBody.safeParse({ itemId: 7, sku: 3, additionalFields: { a: 1 } });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['itemId', 'sku', 'additionalFields']));
    expect(addEntryBody.safeParse({ itemId: '' }).success).toBe(false);
  });

  it('needs additionalFields (text or null) to update answers', () => {
    expect(updateAdditionalFieldsBody.safeParse({ itemId: 'x' }).success).toBe(false);
    expect(
      updateAdditionalFieldsBody.safeParse({ itemId: 'x', additionalFields: null }).success,
    ).toBe(true);
  });

  it('reads option fields of the plain add form', () => {
    const body = cartAddForm.parse({
      itemId: 'shirt',
      'options[Size]': 'M',
      'options[Colour]': '',
      crumb: 'c',
    });
    expect(optionsFromForm(body)).toEqual({ Size: 'M', Colour: '' });
  });

  it('reads extra-field answers typed into the plain add form', () => {
    expect(
      answersFromForm({
        itemId: 'pen',
        'fields[engraving]': 'A.B.',
        'fields[colours]': ['Red', 'Blue'],
      }),
    ).toEqual({
      engraving: 'A.B.',
      colours: ['Red', 'Blue'],
    });
    expect(answersFromForm({ itemId: 'pen', 'options[Size]': 'M' })).toBeUndefined();
    // Each likert question is a radio group of its own; their answers make the field's map.
    expect(
      answersFromForm({
        'fields[rate][Service]': 'Agree',
        'fields[rate][Speed]': 'Neutral',
        'fields[rate][Price][x]': 'ignored',
      }),
    ).toEqual({ rate: { Service: 'Agree', Speed: 'Neutral' } });
  });
});
