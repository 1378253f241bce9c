import { describe, expect, it } from 'vitest';
import { checkAdd, type AddAttempt } from './add-validation.ts';

const ok: AddAttempt = {
  productType: 1,
  unselected: [],
  variant: { unlimited: false, qtyInStock: 3 },
  quantity: '2',
};
const message = (attempt: Partial<AddAttempt>) => {
  const result = checkAdd({ ...ok, ...attempt });
  return result.ok ? result.quantity : result.message;
};

describe('checkAdd', () => {
  it('names one, two, or many unchosen options', () => {
    expect(message({ unselected: ['Size'] })).toBe('Please select the Size option.');
    expect(message({ unselected: ['Size', 'Colour'] })).toBe(
      'Please select the Size and Colour options.',
    );
    expect(message({ unselected: ['Size', 'Colour', 'Fit'] })).toBe(
      'Please select the Size, Colour and Fit options.',
    );
  });

  it('asks a gift card for its denomination', () => {
    expect(message({ productType: 4, unselected: ['Amount'] })).toBe(
      'Select a denomination for the Gift Card',
    );
  });

  it('refuses a combination no variant has', () => {
    expect(message({ variant: undefined })).toBe(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
  });

  it('checks the quantity', () => {
    expect(message({ quantity: 'two' })).toBe('Quantity must be a number.');
    expect(message({ quantity: '' })).toBe('Quantity must be a number.');
    expect(message({ quantity: '1.5' })).toBe('Quantity must be a whole number');
    expect(message({ quantity: undefined })).toBe(1);
  });

  it('checks the stock the form knows of', () => {
    expect(message({ quantity: '4' })).toBe('Sorry, we do not have enough of that item available.');
    expect(message({ quantity: '3' })).toBe(3);
    expect(message({ quantity: '40', variant: { unlimited: true, qtyInStock: 0 } })).toBe(40);
    expect(
      message({ productType: 2, quantity: '1', variant: { unlimited: false, qtyInStock: 0 } }),
    ).toBe(1);
  });
});
